import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { fail } from './envelope';

/** The refusals of the routes that name an invoice by its number: the invoice, its PDF, receipt and payment. */

export const notAnInvoiceNumber = (c: Context<AppEnv>, number: string) =>
  fail(c, 404, `"${number.slice(0, 40)}" is not an invoice number: they look like INV-27-000123.`);

export const invoiceNotFound = (c: Context<AppEnv>, number: string) =>
  fail(
    c,
    404,
    `There is no invoice ${number} among your company's invoices. Check the number on the Billing page.`,
  );
