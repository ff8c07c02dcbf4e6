import type { AdminInvoice } from '../../../contract/adminInvoice';
import type { ReceivablesReport } from '../../../contract/adminReceivables';
import type { FileAnswer } from '../client';
import { dataOf } from '../result';
import { adminEnvelope, adminFile } from './client';

/** The back office's receivables: the aging report, its CSV, and one invoice. */

const REPORT = '/reports/receivables';

/** GET /admin/reports/receivables. */
export async function fetchReceivables(): Promise<ReceivablesReport> {
  return dataOf(
    await adminEnvelope<ReceivablesReport>(REPORT),
    'The receivables could not be loaded. Please try again.',
  );
}

/** GET /admin/reports/receivables?format=csv, as a file to save. */
export const fetchReceivablesCsv = (fallbackName: string): Promise<FileAnswer> =>
  adminFile(REPORT, { format: 'csv' }, fallbackName);

/** GET /admin/invoices/{number}; the server's sentence when there is none (or it is another rep's). */
export async function fetchAdminInvoice(number: string): Promise<AdminInvoice> {
  return dataOf(
    await adminEnvelope<AdminInvoice>(`/invoices/${encodeURIComponent(number)}`),
    'The invoice could not be loaded. Please try again.',
  );
}
