/**
 * The plain values of invoices, kept apart from contract/billing.ts and its zod schemas: the billing
 * route's search reader runs in the first bundle, which must not download a validation library.
 */

/**
 * `open` until its due date, `partial` before it when part is paid or credited (issue 32), `overdue`
 * after it with something left to pay, `paid` once payments and credits leave nothing to pay, `void`
 * once every order on it is credited (server/billing/status.ts).
 */
export const INVOICE_STATUSES = ['open', 'partial', 'overdue', 'paid', 'void'] as const;

/** The statuses that still owe something (Pay now, the outstanding total). */
export const OWING_STATUSES = ['open', 'partial', 'overdue'] as const satisfies readonly InvoiceStatus[];
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** An invoice number as the customer sees it (INV-27-000123). */
export const INVOICE_NUMBER = /^INV-\d{2}-\d{6,}$/;

/** Days between an invoice's issue and its due date (net 30). */
export const INVOICE_TERMS_DAYS = 30;

/** Invoices a page of the Billing list shows. */
export const INVOICES_PER_PAGE = 20;
