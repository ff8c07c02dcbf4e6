import { fromPromise } from 'xstate';
import type { ConversionReport, FilesAtRiskReport, SalesReport } from '../../../contract/adminReports';
import { createRequestMachine } from '../../../machines/request/request.machine';
import type { PeriodKey, SalesKey } from '../../api/admin/reports';
import * as api from '../../api/admin/reports';
import { orApiSentence } from '../results';

const fetchSalesReport = orApiSentence(api.fetchSalesReport, 'The sales report could not be loaded.');
const fetchFilesAtRisk = orApiSentence(api.fetchFilesAtRisk, 'The files at risk could not be loaded.');
const fetchConversion = orApiSentence(api.fetchConversion, 'The conversion report could not be loaded.');

/** The reports page's requests (issue 32, part 4): one per section, keyed by what the address asks. */
const salesRequest = createRequestMachine<SalesKey, SalesReport>({ id: 'salesReport' });
const filesAtRiskRequest = createRequestMachine<'now', FilesAtRiskReport>({ id: 'filesAtRisk' });
const conversionRequest = createRequestMachine<PeriodKey, ConversionReport>({ id: 'conversionReport' });

export const salesReportLogic = (calls = { fetchSalesReport }) =>
  salesRequest.provide({
    actors: {
      load: fromPromise(({ input }: { input: { key: SalesKey } }) => calls.fetchSalesReport(input.key)),
    },
  });

export const filesAtRiskLogic = (calls = { fetchFilesAtRisk }) =>
  filesAtRiskRequest.provide({ actors: { load: fromPromise(() => calls.fetchFilesAtRisk()) } });

export const conversionLogic = (calls = { fetchConversion }) =>
  conversionRequest.provide({
    actors: {
      load: fromPromise(({ input }: { input: { key: PeriodKey } }) => calls.fetchConversion(input.key)),
    },
  });
