import { Hono } from 'hono';
import { receivablesQuery } from '../../contract/adminReceivables';
import { INVOICE_NUMBER } from '../../contract/invoiceStatuses';
import type { AppEnv } from '../env';
import { fail, ok } from '../http/envelope';
import { query } from '../http/validators';
import { requireStaff, signedInStaff } from './auth';
import { adminInvoiceOf } from './invoiceView';
import { receivablesCsv, receivablesFileName, receivablesOf } from './receivables';

/** The longest invoice number looked up: six digits and more are allowed, not a page of them. */
const NUMBER_MAX = 24;

/**
 * GET /admin/reports/receivables (JSON, or ?format=csv) and GET /admin/invoices/{number}: what the
 * companies owe and one invoice, a rep's only of their companies (another rep's invoice is a 404).
 */
export const receivablesRoutes = new Hono<AppEnv>()
  .get('/reports/receivables', requireStaff('receivables.read'), query(receivablesQuery), async (c) => {
    const report = await receivablesOf(c.var.db, signedInStaff(c), c.var.clock());
    if (c.req.valid('query').format !== 'csv') return ok(c, report);
    return c.body(receivablesCsv(report), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${receivablesFileName(c.var.config.cookiePrefix, report)}"`,
      'Cache-Control': 'private, no-store',
    });
  })
  .get('/invoices/:number', requireStaff('customers.read'), async (c) => {
    // inv-27-000123 is INV-27-000123; a malformed number is as unknown as another rep's invoice.
    const number = c.req.param('number').toUpperCase();
    const found =
      number.length <= NUMBER_MAX && INVOICE_NUMBER.test(number)
        ? await adminInvoiceOf(c.var.db, signedInStaff(c), number, c.var.clock())
        : null;
    return found
      ? ok(c, found)
      : fail(c, 404, 'There is no such invoice: an invoice number looks like INV-27-000123.');
  });
