import { type Context, Hono } from 'hono';
import {
  INVOICE_NUMBER,
  INVOICES_PER_PAGE,
  invoicesQuery,
  type SavedBillingContact,
} from '../../contract/billing';
import { billingContact } from '../../contract/cart';
import { requireInvoiceReader } from '../billing/access';
import { invoicePdf } from '../billing/invoicePdf';
import { CARDS_NOT_SET_UP, payInvoice } from '../billing/pay';
import { invoiceDetailOf, invoiceOf, invoicesAnswerOf } from '../billing/view';
import { findMediaMany } from '../data/catalogue';
import { isSessionOf, NOTHING_SETTLED, settlementsOf } from '../data/invoiceSettlements';
import {
  billingContactOf,
  findInvoice,
  type InvoiceRow,
  invoicePage,
  invoiceTotals,
  saveBillingContact,
} from '../data/invoices';
import { ordersOfInvoices } from '../data/orders';
import type { AppEnv } from '../env';
import { requirePermission, requireUser, signedInUser } from '../http/auth';
import { fail, ok, pageMeta } from '../http/envelope';
import { invoiceNotFound, notAnInvoiceNumber } from '../http/invoiceAnswers';
import { paymentDeps } from '../http/paymentDeps';
import { formBody, query } from '../http/validators';
import { reconcileCheckout } from '../payments/reconcile';

const BILLING_ONLY =
  'Only the owner or an admin of your company can see billing. Ask one of them for the invoice.';

const billing = [requireUser, requirePermission('billing', BILLING_ONLY)] as const;
const invoiceReaders = [requireUser, requireInvoiceReader] as const;

/**
 * Invoices with their orders, the placements bought and their payments, at `now`. Everyone who may
 * read invoices may pay them, so Pay now is offered wherever this server takes cards.
 */
async function invoicesWithLines(c: Context<AppEnv>, rows: readonly InvoiceRow[]) {
  const { db } = c.var;
  const ids = rows.map((r) => r.id);
  const [records, settled] = await Promise.all([ordersOfInvoices(db, ids), settlementsOf(db, ids)]);
  const placements = await findMediaMany(
    db,
    records.map((r) => r.item.mediacode),
  );
  const now = c.var.clock();
  const mayPay = c.var.payments !== null;
  return rows.map((row) =>
    invoiceOf(row, records, placements, { now, settlement: settled.get(row.id) ?? NOTHING_SETTLED, mayPay }),
  );
}

/**
 * Back from Stripe's page with `?session_id=`: asks Stripe what became of it before answering, so the
 * invoice shows paid without waiting for the webhook. Only a session of this invoice's payments is
 * looked up; Stripe not answering leaves the invoice as the webhooks have it.
 */
async function reconcileReturn(c: Context<AppEnv>, row: InvoiceRow, sessionId: string | undefined) {
  const gateway = c.var.payments;
  if (!gateway || !sessionId || !(await isSessionOf(c.var.db, row.id, sessionId))) return false;
  try {
    const outcome = await reconcileCheckout(paymentDeps(c, gateway), sessionId);
    return outcome === 'applied';
  } catch (error) {
    c.var.log.warn({ err: error, invoice: row.number }, 'Stripe was not asked about a returning payment');
    return false;
  }
}

/**
 * GET /invoices (?status=open|overdue|paid|void&page=), GET /invoices/{number} and its PDF at
 * /invoices/{number}.pdf, POST /invoices/{number}/pay: the company's invoices, for its owner and
 * admins, and for members once the owner lets members pay.
 */
export const invoiceRoutes = new Hono<AppEnv>()
  .get('/', ...invoiceReaders, query(invoicesQuery), async (c) => {
    const { status, page } = c.req.valid('query');
    const { account } = signedInUser(c);
    const now = c.var.clock();
    const request = { companyId: account.companyId, status, page };
    const [{ rows, total }, totals] = await Promise.all([
      invoicePage(c.var.db, request, now),
      invoiceTotals(c.var.db, account.companyId, now),
    ]);
    const answer = invoicesAnswerOf(await invoicesWithLines(c, rows), totals);
    return ok(c, answer, pageMeta(page, INVOICES_PER_PAGE, total));
  })
  .get('/:file', ...invoiceReaders, async (c) => {
    const file = c.req.param('file');
    const asPdf = file.endsWith('.pdf');
    const number = asPdf ? file.slice(0, -'.pdf'.length) : file;
    if (!INVOICE_NUMBER.test(number)) return notAnInvoiceNumber(c, number);
    const { account } = signedInUser(c);
    const row = await findInvoice(c.var.db, account.companyId, number);
    if (!row) return invoiceNotFound(c, number);
    const reconciled = !asPdf && (await reconcileReturn(c, row, c.req.query('session_id')));
    const fresh = reconciled ? await findInvoice(c.var.db, account.companyId, number) : row;
    const [invoice] = await invoicesWithLines(c, [fresh ?? row]);
    if (!invoice) return invoiceNotFound(c, number);
    if (!asPdf) return ok(c, invoiceDetailOf(invoice, c.var.config.invoiceIssuer));
    const pdf = await invoicePdf(invoice, c.var.config.invoiceIssuer, c.var.config.productName);
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      // Saved under the invoice's number (a download is sandboxed: see app.ts).
      'Content-Disposition': `attachment; filename="${invoice.number}.pdf"`,
      'Cache-Control': 'private, no-store',
    });
  })
  .post('/:number/pay', ...invoiceReaders, async (c) => {
    const number = c.req.param('number');
    if (!INVOICE_NUMBER.test(number)) return notAnInvoiceNumber(c, number);
    const gateway = c.var.payments;
    if (gateway === null) return fail(c, 409, CARDS_NOT_SET_UP);
    const { account } = signedInUser(c);
    const row = await findInvoice(c.var.db, account.companyId, number);
    if (!row) return invoiceNotFound(c, number);
    const answer = await payInvoice(
      { db: c.var.db, gateway, logger: c.var.log, publicUrl: c.var.config.publicUrl },
      { invoiceId: row.id, number, userId: account.id, now: c.var.clock() },
    );
    return 'url' in answer ? ok(c, { url: answer.url }) : fail(c, answer.status, answer.message);
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
