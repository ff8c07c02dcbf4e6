import { fromPromise } from 'xstate';
import type { ConversionReport, FilesAtRiskReport, SalesReport } from '../../../contract/adminReports';
import { createRequestMachine } from '../../../machines/request/request.machine';
import {
  fetchConversion,
  fetchFilesAtRisk,
  fetchSalesReport,
  type PeriodKey,
  type SalesKey,
} from '../../api/admin/reports';

/** The reports page's requests (issue 32, part 4): one per section, keyed by what the address asks. */
const salesRequest = createRequestMachine<SalesKey, SalesReport>({ id: 'salesReport' });
const filesAtRiskRequest = createRequestMachine<'now', FilesAtRiskReport>({ id: 'filesAtRisk' });
const conversionRequest = createRequestMachine<PeriodKey, ConversionReport>({ id: 'conversionReport' });

export const salesReportLogic = (api = { fetchSalesReport }) =>
  salesRequest.provide({
    actors: {
      load: fromPromise(({ input }: { input: { key: SalesKey } }) => api.fetchSalesReport(input.key)),
    },
  });

export const filesAtRiskLogic = (api = { fetchFilesAtRisk }) =>
  filesAtRiskRequest.provide({ actors: { load: fromPromise(() => api.fetchFilesAtRisk()) } });

export const conversionLogic = (api = { fetchConversion }) =>
  conversionRequest.provide({
    actors: {
      load: fromPromise(({ input }: { input: { key: PeriodKey } }) => api.fetchConversion(input.key)),
    },
  });
