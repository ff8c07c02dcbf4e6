import { useSelector } from '@xstate/react';
import { type ActorRefFrom, createActor } from 'xstate';
import {
  type InvoicePayMachine,
  selectPayError,
  selectPaying,
} from '../../../machines/billing/invoicePay.machine';
import { useLoadedApp } from '../../system/AppContext';
import { invoicePayLogic } from '../../system/account';
import { useFlowActor } from '../../system/hooks/useFlowActor';

export type InvoicePayActor = ActorRefFrom<InvoicePayMachine>;

/** Stripe's page is another site: the browser leaves the app for it. */
const leaveFor = (url: string) => window.location.assign(url);

/** Pay now, for as long as the page with the invoice (or the list of them) is shown. */
export function useInvoicePayActor(): InvoicePayActor {
  const app = useLoadedApp();
  return useFlowActor(() => createActor(invoicePayLogic(leaveFor), app.actorOptions));
}

export const usePaying = (actor: InvoicePayActor) => useSelector(actor, selectPaying);
export const usePayError = (actor: InvoicePayActor) => useSelector(actor, selectPayError);
