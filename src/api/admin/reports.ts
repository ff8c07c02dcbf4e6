import type {
  ConversionReport,
  FilesAtRiskReport,
  SalesGroup,
  SalesReport,
} from '../../../contract/adminReports';
import type { FileAnswer } from '../client';
import { type Result, toResult } from '../result';
import { adminEnvelope, adminFile } from './client';

/** The reports page's period and grouping as the address keeps them (either end may be absent). */
export interface ReportsSearch {
  from?: string | undefined;
  to?: string | undefined;
  by?: SalesGroup | undefined;
}

export type SalesKey = Pick<ReportsSearch, 'from' | 'to' | 'by'>;
export type PeriodKey = Pick<ReportsSearch, 'from' | 'to'>;

/** GET /admin/reports/sales: the period's sales by month, channel, market or rep. */
export const fetchSalesReport = async (key: SalesKey): Promise<Result<SalesReport>> =>
  toResult(await adminEnvelope<SalesReport>('/reports/sales', { query: { ...key } }));

/** GET /admin/reports/files-at-risk: runs due within 7 days without an approved file. */
export const fetchFilesAtRisk = async (): Promise<Result<FilesAtRiskReport>> =>
  toResult(await adminEnvelope<FilesAtRiskReport>('/reports/files-at-risk'));

/** GET /admin/reports/conversion: carts with items and carts placed, per month. */
export const fetchConversion = async (key: PeriodKey): Promise<Result<ConversionReport>> =>
  toResult(await adminEnvelope<ConversionReport>('/reports/conversion', { query: { ...key } }));

/** A report as CSV (`?format=csv`), with the staff session's token (a plain link could not send it). */
export const reportCsv = (
  report: 'sales' | 'files-at-risk' | 'conversion',
  key: ReportsSearch,
  fallbackName: string,
): Promise<FileAnswer> => adminFile(`/reports/${report}`, { ...key, format: 'csv' }, fallbackName);
