import { fromPromise } from 'xstate';
import { paymentWaitMachine } from '../../machines/payment/paymentWait.machine';
import * as payments from '../api/payments';

/** The payment wait machine with its effects: the API, and leaving for Stripe's page. */
export function paymentWaitLogic(page: { goToPayment(url: string): void }, api = payments) {
  return paymentWaitMachine.provide({
    actors: {
      loadPayment: fromPromise(({ input }) => api.loadCheckoutPayment(input.cartId)),
      restartPayment: fromPromise(({ input }) => api.restartCheckoutPayment(input.cartId)),
    },
    actions: { goToPayment: (_, { url }) => page.goToPayment(url) },
  });
}
