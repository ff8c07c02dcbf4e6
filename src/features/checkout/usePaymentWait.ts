import { useSelector } from '@xstate/react';
import { type ActorRefFrom, createActor, type SnapshotFrom } from 'xstate';
import type { PaymentWaitMachine } from '../../../machines/payment/paymentWait.machine';
import { useLoadedApp } from '../../system/AppContext';
import { useFlowActor } from '../../system/hooks/useFlowActor';
import { paymentWaitLogic } from '../../system/payment';

export type PaymentWaitActor = ActorRefFrom<PaymentWaitMachine>;
type PaymentWaitSnapshot = SnapshotFrom<PaymentWaitMachine>;

/** What the confirmation page shows of a card checkout. */
export type PaymentWaitStep = 'waiting' | 'paid' | 'expired' | 'failed' | 'timedOut' | 'leaving';

/** This page's wait for the payment, created when the page opens (keyed by cart by the route). */
export function usePaymentWaitActor(cartId: string, cancelled: boolean): PaymentWaitActor {
  const app = useLoadedApp();
  return useFlowActor(() =>
    createActor(
      // Stripe's page is another site: the browser leaves the app, and comes back here.
      paymentWaitLogic({ goToPayment: (url) => window.location.assign(url) }),
      { ...app.actorOptions, input: { cartId, cancelled } },
    ),
  );
}

const selectStep = (s: PaymentWaitSnapshot): PaymentWaitStep => {
  if (s.matches('waiting')) return 'waiting';
  if (s.matches('restarting') || s.matches('redirecting')) return 'leaving';
  if (s.matches('paid')) return 'paid';
  if (s.matches('expired')) return 'expired';
  if (s.matches('timedOut')) return 'timedOut';
  return 'failed';
};
const selectPayment = (s: PaymentWaitSnapshot) => s.context.payment;
const selectMessage = (s: PaymentWaitSnapshot) => s.context.message;

export const usePaymentWaitStep = (actor: PaymentWaitActor) => useSelector(actor, selectStep);
export const useCheckoutPayment = (actor: PaymentWaitActor) => useSelector(actor, selectPayment);
export const usePaymentMessage = (actor: PaymentWaitActor) => useSelector(actor, selectMessage);
