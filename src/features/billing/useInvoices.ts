import { useSelector } from '@xstate/react';
import { type ActorRefFrom, createActor } from 'xstate';
import {
  type InvoicesKey,
  type InvoicesMachine,
  selectDownloadError,
  selectDownloading,
  selectInvoices,
  selectInvoicesError,
  selectInvoicesLoading,
} from '../../../machines/billing/invoices.machine';
import { saveFile } from '../../lib/saveFile';
import { useLoadedApp } from '../../system/AppContext';
import { invoicesLogic } from '../../system/account';
import { routeActor } from '../../system/routeActor';

export type InvoicesActor = ActorRefFrom<InvoicesMachine>;

/**
 * The invoices of the address's filter and page, held by the Billing route
 * (src/routes/_dashboard/billing/index.tsx), which shows it each key its address names.
 */
export const invoicesList = routeActor(
  (app, key: InvoicesKey) => createActor(invoicesLogic(saveFile), { ...app.actorOptions, input: { key } }),
  (actor, key) => actor.send({ type: 'invoices.show', key }),
);

/** The invoices' actor, as the Billing route holds it. */
export function useInvoicesActor(status: InvoicesKey['status'], page: number): InvoicesActor {
  return invoicesList.of(useLoadedApp(), { status, page });
}

export const useInvoices = (actor: InvoicesActor) => useSelector(actor, selectInvoices);
export const useInvoicesLoading = (actor: InvoicesActor) => useSelector(actor, selectInvoicesLoading);
export const useInvoicesError = (actor: InvoicesActor) => useSelector(actor, selectInvoicesError);
export const useDownloading = (actor: InvoicesActor) => useSelector(actor, selectDownloading);
export const useDownloadError = (actor: InvoicesActor) => useSelector(actor, selectDownloadError);
