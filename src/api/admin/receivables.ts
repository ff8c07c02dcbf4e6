import type { AdminInvoice } from '../../../contract/adminInvoice';
import type { ReceivablesReport } from '../../../contract/adminReceivables';
import type { FileAnswer } from '../client';
import { type Result, toResult } from '../result';
import { adminEnvelope, adminFile } from './client';

/** The back office's receivables: the aging report, its CSV, and one invoice. */

const REPORT = '/reports/receivables';

/** GET /admin/reports/receivables. */
export const fetchReceivables = async (): Promise<Result<ReceivablesReport>> =>
  toResult(await adminEnvelope<ReceivablesReport>(REPORT));

/** GET /admin/reports/receivables?format=csv, as a file to save. */
export const fetchReceivablesCsv = (fallbackName: string): Promise<FileAnswer> =>
  adminFile(REPORT, { format: 'csv' }, fallbackName);

/** GET /admin/invoices/{number}; the server's sentence when there is none (or it is another rep's). */
export const fetchAdminInvoice = async (number: string): Promise<Result<AdminInvoice>> =>
  toResult(await adminEnvelope<AdminInvoice>(`/invoices/${encodeURIComponent(number)}`));
