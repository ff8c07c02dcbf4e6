import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { PaymentRedirect } from '../../contract/payments';
import { messageOf } from '../failures';

export type InvoicePayEvent =
  /** "Pay now" on an invoice (its row on /billing, or its page). */
  { type: 'invoice.pay'; number: string };

export interface InvoicePayContext {
  /** The invoice whose payment is being started, or was last. */
  number: string | null;
  /** Why the last one could not start (already paid, not allowed, Stripe not answering). */
  error: { number: string; message: string } | null;
}

const FALLBACK = 'The payment could not be started. Check your connection and try again.';

/**
 * Pay now: asks the API for Stripe's page for the invoice (the amount is the server's, never ours)
 * and sends the browser there; one at a time, and a refusal is said beside the invoice it was for.
 * The browser leaving the app is the end: `redirecting` takes no more presses.
 */
export const invoicePayMachine = setup({
  types: {
    context: {} as InvoicePayContext,
    events: {} as InvoicePayEvent,
  },
  actors: {
    /** POST /invoices/{number}/pay; rejects with an Error whose message the customer reads. */
    startPayment: fromPromise<PaymentRedirect, { number: string }>(async () => {
      throw new Error('startPayment is supplied where the actor is created');
    }),
  },
  actions: {
    // Effect, supplied where the actor is created.
    /** The browser goes to Stripe's page. */
    goToPayment: (_, _params: { url: string }) => {},
    start: assign((_, params: { number: string }) => ({ number: params.number, error: null })),
    keepError: assign(({ context }, params: { error: unknown }) => ({
      error: context.number ? { number: context.number, message: messageOf(params.error, FALLBACK) } : null,
    })),
  },
}).createMachine({
  id: 'invoicePay',
  context: { number: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'invoice.pay': {
          target: 'starting',
          actions: { type: 'start', params: ({ event }) => ({ number: event.number }) },
        },
      },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        src: 'startPayment',
        input: ({ context }) => ({ number: context.number ?? '' }),
        onDone: {
          target: 'redirecting',
          actions: { type: 'goToPayment', params: ({ event }) => ({ url: event.output.url }) },
        },
        onError: {
          target: 'idle',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    redirecting: { tags: ['busy'], type: 'final' },
  },
});

export type InvoicePayMachine = typeof invoicePayMachine;
type InvoicePaySnapshot = SnapshotFrom<InvoicePayMachine>;
/** The invoice whose payment is starting (its button shows it), or null. */
export const selectPaying = (s: InvoicePaySnapshot) => (s.hasTag('busy') ? s.context.number : null);
export const selectPayError = (s: InvoicePaySnapshot) => s.context.error;
