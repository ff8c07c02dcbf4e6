import { fromPromise } from 'xstate';
import type { AdminInvoice } from '../../../contract/adminInvoice';
import type { ReceivablesReport } from '../../../contract/adminReceivables';
import { createRequestMachine } from '../../../machines/request/request.machine';
import * as api from '../../api/admin/receivables';
import { orApiSentence } from '../results';

const fetchReceivables = orApiSentence(
  api.fetchReceivables,
  'The receivables could not be loaded. Please try again.',
);
const fetchAdminInvoice = orApiSentence(
  api.fetchAdminInvoice,
  'The invoice could not be loaded. Please try again.',
);

/** The key is a count: Try again after a failure asks the report again under the same key. */
const receivablesRequest = createRequestMachine<number, ReceivablesReport>({ id: 'receivables' });

/** The receivables page's aging report. */
export const receivablesLogic = () =>
  receivablesRequest.provide({ actors: { load: fromPromise(() => fetchReceivables()) } });

const adminInvoiceRequest = createRequestMachine<string, AdminInvoice>({ id: 'adminInvoice' });

/** One invoice of the back office, keyed by its number. */
export const adminInvoiceLogic = () =>
  adminInvoiceRequest.provide({
    actors: { load: fromPromise(({ input: { key } }) => fetchAdminInvoice(key)) },
  });
