import { assign, fromPromise, setup } from 'xstate';
import type { CheckoutPayment, PaymentRedirect } from '../../contract/payments';
import { messageOf } from '../failures';
import type { PaymentWaitContext, PaymentWaitEvent, PaymentWaitInput } from './paymentWait.types';

export type * from './paymentWait.types';

/** Looks in a row without an answer before the page stops and offers "Check again". */
const TROUBLE_LIMIT = 3;

const heldUntil = (payBy: string | null) =>
  payBy
    ? ` Your order is held until ${new Date(payBy).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}.`
    : '';

/** What the page says when the customer left Stripe's page by Cancel. */
export const cancelledMessage = (payment: CheckoutPayment) =>
  `You left the payment page before paying.${heldUntil(payment.pay_by)}`;

const NO_ANSWER =
  'We could not reach the payment service to start again. Check your connection and try again.';

/**
 * The confirmation page of a card checkout (/checkout/{cartId}/payment), back from Stripe's page:
 * it asks the server (which asks Stripe) until the payment is confirmed, declined or released,
 * every pollEvery; a look without an answer is tried again after retryIn, three in a row or a
 * minute without news give up until the customer checks again. A decline or a Cancel offers
 * Stripe's page again.
 */
export const paymentWaitMachine = setup({
  types: {
    context: {} as PaymentWaitContext,
    events: {} as PaymentWaitEvent,
    input: {} as PaymentWaitInput,
  },
  actors: {
    /** GET /checkout/{cartId}/payment. */
    loadPayment: fromPromise<CheckoutPayment, { cartId: string }>(async () => {
      throw new Error('loadPayment is supplied in src/system');
    }),
    /** POST /checkout/{cartId}/pay: Stripe's page again; rejects with the server's sentence. */
    restartPayment: fromPromise<PaymentRedirect, { cartId: string }>(async () => {
      throw new Error('restartPayment is supplied in src/system');
    }),
  },
  actions: {
    /** Goes to Stripe's hosted page (supplied in src/system: the browser leaves the app). */
    goToPayment: (_, _params: { url: string }) => {},
    takePayment: assign((_, { payment }: { payment: CheckoutPayment }) => ({ payment, troubles: 0 })),
    showFailure: assign(({ context }) => ({
      message:
        context.cancelled && context.payment
          ? cancelledMessage(context.payment)
          : (context.payment?.message ?? null),
      // A Cancel is news once: a later look says what the server says.
      cancelled: false,
    })),
    countTrouble: assign(({ context }) => ({ troubles: context.troubles + 1 })),
    forgetTroubles: assign({ troubles: 0 }),
    showRestartFailure: assign((_, { error }: { error: unknown }) => ({
      message: messageOf(error, NO_ANSWER),
    })),
  },
  guards: {
    isPaid: (_, { payment }: { payment: CheckoutPayment }) => payment.state === 'paid',
    isExpired: (_, { payment }: { payment: CheckoutPayment }) => payment.state === 'expired',
    isFailed: ({ context }, { payment }: { payment: CheckoutPayment }) =>
      payment.state === 'failed' || (payment.state === 'pending' && context.cancelled),
    isTroubleLimit: ({ context }) => context.troubles >= TROUBLE_LIMIT,
  },
  delays: { pollEvery: 2_000, retryIn: 2_000, giveUpAfter: 60_000 },
}).createMachine({
  id: 'paymentWait',
  context: ({ input }) => ({ ...input, payment: null, message: null, troubles: 0 }),
  initial: 'waiting',
  states: {
    /** "Waiting for your payment". */
    waiting: {
      entry: 'forgetTroubles',
      after: { giveUpAfter: '#paymentWait.timedOut' },
      initial: 'checking',
      states: {
        checking: {
          invoke: {
            src: 'loadPayment',
            input: ({ context }) => ({ cartId: context.cartId }),
            onDone: [
              {
                guard: { type: 'isPaid', params: ({ event }) => ({ payment: event.output }) },
                target: '#paymentWait.paid',
                actions: { type: 'takePayment', params: ({ event }) => ({ payment: event.output }) },
              },
              {
                guard: { type: 'isExpired', params: ({ event }) => ({ payment: event.output }) },
                target: '#paymentWait.expired',
                actions: { type: 'takePayment', params: ({ event }) => ({ payment: event.output }) },
              },
              {
                guard: { type: 'isFailed', params: ({ event }) => ({ payment: event.output }) },
                target: '#paymentWait.failed',
                actions: [
                  { type: 'takePayment', params: ({ event }) => ({ payment: event.output }) },
                  'showFailure',
                ],
              },
              {
                target: 'resting',
                actions: { type: 'takePayment', params: ({ event }) => ({ payment: event.output }) },
              },
            ],
            onError: { target: 'trouble', actions: 'countTrouble' },
          },
        },
        resting: { after: { pollEvery: 'checking' } },
        /** No answer: looked at again shortly, and given up on after TROUBLE_LIMIT in a row. */
        trouble: {
          always: { guard: 'isTroubleLimit', target: '#paymentWait.timedOut' },
          after: { retryIn: 'checking' },
        },
      },
    },
    /** "Thank you, your order is placed", with its orders. */
    paid: { type: 'final' },
    /** The time to pay ran out: the orders were released. */
    expired: { type: 'final' },
    /** "Your payment did not go through": the reason, and "Try paying again". */
    failed: {
      on: { 'payment.retry': 'restarting' },
    },
    /** "We have not heard from the bank yet": "Check again". */
    timedOut: {
      on: { 'payment.checkAgain': 'waiting' },
    },
    restarting: {
      invoke: {
        src: 'restartPayment',
        input: ({ context }) => ({ cartId: context.cartId }),
        onDone: {
          target: 'redirecting',
          actions: { type: 'goToPayment', params: ({ event }) => ({ url: event.output.url }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'showRestartFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** On the way to Stripe's page. */
    redirecting: { type: 'final' },
  },
});

export type PaymentWaitMachine = typeof paymentWaitMachine;
