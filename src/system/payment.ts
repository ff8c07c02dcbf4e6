import { fromPromise } from 'xstate';
import { paymentWaitMachine } from '../../machines/payment/paymentWait.machine';
import * as payments from '../api/payments';
import { dataOf, orSentence } from './results';

/** The card checkout's payment calls as the wait machine takes them: the payment, Stripe's page, or why not. */
const paymentCalls = {
  loadCheckoutPayment: orSentence(payments.loadCheckoutPayment, 'We could not check your payment.'),
  // Rejects with the server's sentence as it is (even an empty one).
  restartCheckoutPayment: async (cartId: string) => dataOf(await payments.restartCheckoutPayment(cartId), ''),
};

/** The payment wait machine with its effects: the API, and leaving for Stripe's page. */
export function paymentWaitLogic(page: { goToPayment(url: string): void }, api = paymentCalls) {
  return paymentWaitMachine.provide({
    actors: {
      loadPayment: fromPromise(({ input }) => api.loadCheckoutPayment(input.cartId)),
      restartPayment: fromPromise(({ input }) => api.restartCheckoutPayment(input.cartId)),
    },
    actions: { goToPayment: (_, { url }) => page.goToPayment(url) },
  });
}
