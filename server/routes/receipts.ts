import { Hono } from 'hono';
import { INVOICE_NUMBER } from '../../contract/billing';
import { requireInvoiceReader } from '../billing/access';
import { receiptOf } from '../billing/receipt';
import { receiptPdf } from '../billing/receiptPdf';
import { findInvoice } from '../data/invoices';
import type { AppEnv } from '../env';
import { requireUser, signedInUser } from '../http/auth';
import { fail } from '../http/envelope';
import { invoiceNotFound, notAnInvoiceNumber } from '../http/invoiceAnswers';

/** GET /invoices/{number}/receipt.pdf: a paid invoice's receipt (issue 30, part 4). */
export const receiptRoutes = new Hono<AppEnv>().get(
  '/:number/receipt.pdf',
  requireUser,
  // Whoever may read and pay the invoice: the owner, admins, and members once the owner lets them.
  requireInvoiceReader,
  async (c) => {
    const number = c.req.param('number');
    if (!INVOICE_NUMBER.test(number)) return notAnInvoiceNumber(c, number);
    const { account } = signedInUser(c);
    const row = await findInvoice(c.var.db, account.companyId, number);
    if (!row) return invoiceNotFound(c, number);
    const receipt = await receiptOf(c.var.db, row.id, c.var.clock());
    if (!receipt)
      return fail(c, 404, `Invoice ${number} is not paid yet: its receipt comes with the payment.`);
    const { config } = c.var;
    const pdf = await receiptPdf(receipt.invoice, receipt.facts, config.invoiceIssuer, config.productName);
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="Receipt ${number}.pdf"`,
      'Cache-Control': 'private, no-store',
    });
  },
);
