import { type Context, Hono } from 'hono';
import { INVOICE_NUMBER, invoicesQuery, type SavedBillingContact } from '../../contract/billing';
import { billingContact } from '../../contract/cart';
import { invoicePdf } from '../billing/invoicePdf';
import { invoiceDetailOf, invoiceOf, invoicesAnswerOf } from '../billing/view';
import { findMediaMany } from '../data/catalogue';
import {
  billingContactOf,
  findInvoice,
  type InvoiceRow,
  invoicesOfCompany,
  saveBillingContact,
} from '../data/invoices';
import { ordersOfInvoices } from '../data/orders';
import type { Db } from '../db/client';
import type { AppEnv } from '../env';
import { requirePermission, requireUser, signedInUser } from '../http/auth';
import { fail, ok } from '../http/envelope';
import { formBody, query } from '../http/validators';

const BILLING_ONLY =
  'Only the owner or an admin of your company can see billing. Ask one of them for the invoice.';

const billing = [requireUser, requirePermission('billing', BILLING_ONLY)] as const;

/** Invoices with their orders and the placements bought, at `now`. */
async function invoicesWithLines(db: Db, rows: readonly InvoiceRow[], now: Date) {
  const records = await ordersOfInvoices(
    db,
    rows.map((r) => r.id),
  );
  const placements = await findMediaMany(
    db,
    records.map((r) => r.item.mediacode),
  );
  return rows.map((row) => invoiceOf(row, records, placements, now));
}

const notFound = (c: Context<AppEnv>, number: string) =>
  fail(
    c,
    404,
    `There is no invoice ${number} among your company's invoices. Check the number on the Billing page.`,
  );

/**
 * GET /invoices (?status=open|overdue|void), GET /invoices/{number} and its PDF at
 * /invoices/{number}.pdf: the company's invoices, for its owner and admins.
 */
export const invoiceRoutes = new Hono<AppEnv>()
  .get('/', ...billing, query(invoicesQuery), async (c) => {
    const { status } = c.req.valid('query');
    const { account } = signedInUser(c);
    const now = c.var.clock();
    const all = await invoicesWithLines(c.var.db, await invoicesOfCompany(c.var.db, account.companyId), now);
    return ok(c, invoicesAnswerOf(all, status));
  })
  .get('/:file', ...billing, async (c) => {
    const file = c.req.param('file');
    const asPdf = file.endsWith('.pdf');
    const number = asPdf ? file.slice(0, -'.pdf'.length) : file;
    if (!INVOICE_NUMBER.test(number)) {
      return fail(c, 404, `"${number.slice(0, 40)}" is not an invoice number: they look like INV-27-000123.`);
    }
    const { account } = signedInUser(c);
    const row = await findInvoice(c.var.db, account.companyId, number);
    if (!row) return notFound(c, number);
    const [invoice] = await invoicesWithLines(c.var.db, [row], c.var.clock());
    if (!invoice) return notFound(c, number);
    if (!asPdf) return ok(c, invoiceDetailOf(invoice, c.var.config.invoiceIssuer));
    const pdf = await invoicePdf(invoice, c.var.config.invoiceIssuer, c.var.config.productName);
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      // Saved under the invoice's number (a download is sandboxed: see app.ts).
      'Content-Disposition': `attachment; filename="${invoice.number}.pdf"`,
      'Cache-Control': 'private, no-store',
    });
  });

/** GET and PUT /billing/contact: where the company's invoices go, prefilled at checkout. */
export const billingContactRoutes = new Hono<AppEnv>()
  .get('/contact', ...billing, async (c) => {
    const { account } = signedInUser(c);
    const answer: SavedBillingContact = { contact: await billingContactOf(c.var.db, account.companyId) };
    return ok(c, answer);
  })
  .put('/contact', ...billing, formBody(billingContact), async (c) => {
    const contact = c.req.valid('form');
    const { account } = signedInUser(c);
    await saveBillingContact(c.var.db, account.companyId, contact);
    const answer: SavedBillingContact = { contact: await billingContactOf(c.var.db, account.companyId) };
    return ok(c, answer, {}, 'The billing contact is saved. Your next checkout starts with it.');
  });
