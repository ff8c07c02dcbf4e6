import { fromPromise } from 'xstate';
import type { CheckoutPayment, PaymentRedirect } from '../../contract/payments';
import { paymentWaitMachine } from '../../machines/payment/paymentWait.machine';
import { loadCheckoutPayment, restartCheckoutPayment } from '../api/payments';

/** The API calls of a card checkout's confirmation page. */
export interface PaymentWaitApi {
  loadPayment(cartId: string): Promise<CheckoutPayment>;
  restartPayment(cartId: string): Promise<PaymentRedirect>;
}

export const paymentWaitApi: PaymentWaitApi = {
  loadPayment: loadCheckoutPayment,
  restartPayment: restartCheckoutPayment,
};

/** The payment wait machine with its effects: the API, and leaving for Stripe's page. */
export function paymentWaitLogic(
  page: { goToPayment(url: string): void },
  api: PaymentWaitApi = paymentWaitApi,
) {
  return paymentWaitMachine.provide({
    actors: {
      loadPayment: fromPromise(({ input }) => api.loadPayment(input.cartId)),
      restartPayment: fromPromise(({ input }) => api.restartPayment(input.cartId)),
    },
    actions: { goToPayment: (_, { url }) => page.goToPayment(url) },
  });
}
