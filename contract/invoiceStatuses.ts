/**
 * The plain values of invoices, kept apart from contract/billing.ts and its zod schemas: the billing
 * route's search reader runs in the first bundle, which must not download a validation library.
 */

/** `open` until its due date, `overdue` after it, `void` once every order on it is credited. */
export const INVOICE_STATUSES = ['open', 'overdue', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** An invoice number as the customer sees it (INV-27-000123). */
export const INVOICE_NUMBER = /^INV-\d{2}-\d{6,}$/;

/** Days between an invoice's issue and its due date (net 30). */
export const INVOICE_TERMS_DAYS = 30;
