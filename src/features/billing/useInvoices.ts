import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  type InvoicesMachine,
  selectDownloadError,
  selectDownloading,
  selectInvoices,
  selectInvoicesError,
  selectInvoicesLoading,
} from '../../../machines/billing/invoices.machine';

/** The invoices of the Billing page's filter and page, held by its route (./invoicesLoader.ts). */
export type InvoicesActor = ActorRefFrom<InvoicesMachine>;

export const useInvoices = (actor: InvoicesActor) => useSelector(actor, selectInvoices);
export const useInvoicesLoading = (actor: InvoicesActor) => useSelector(actor, selectInvoicesLoading);
export const useInvoicesError = (actor: InvoicesActor) => useSelector(actor, selectInvoicesError);
export const useDownloading = (actor: InvoicesActor) => useSelector(actor, selectDownloading);
export const useDownloadError = (actor: InvoicesActor) => useSelector(actor, selectDownloadError);
