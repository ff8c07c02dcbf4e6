import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
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
import { useFlowActor } from '../../system/hooks/useFlowActor';

export type InvoicesActor = ActorRefFrom<InvoicesMachine>;

/** The invoices of the address's filter and page, for as long as the Billing page is shown. */
export function useInvoicesActor(status: InvoicesKey['status'], page: number): InvoicesActor {
  const app = useLoadedApp();
  const actor = useFlowActor(() =>
    createActor(invoicesLogic(saveFile), { ...app.actorOptions, input: { key: { status, page } } }),
  );
  useEffect(() => {
    actor.send({ type: 'invoices.show', key: { status, page } });
  }, [actor, status, page]);
  return actor;
}

export const useInvoices = (actor: InvoicesActor) => useSelector(actor, selectInvoices);
export const useInvoicesLoading = (actor: InvoicesActor) => useSelector(actor, selectInvoicesLoading);
export const useInvoicesError = (actor: InvoicesActor) => useSelector(actor, selectInvoicesError);
export const useDownloading = (actor: InvoicesActor) => useSelector(actor, selectDownloading);
export const useDownloadError = (actor: InvoicesActor) => useSelector(actor, selectDownloadError);
