import { assign, fromPromise, setup } from 'xstate';
import type { OpenInvoice, PaymentBody, RecordedPayment } from '../../contract/adminMoney';
import type { ManualPaymentMethod } from '../../contract/moneyWords';
import { newPaymentDraft, type PaymentDraft, paymentBodyOf, paymentErrorsOf } from './moneyDraft';

/** What sending a payment came to: recorded, or refused with the server's sentences by field. */
export type PaymentAnswer =
  | { kind: 'recorded'; recorded: RecordedPayment; message: string }
  | { kind: 'refused'; message: string; errors: Record<string, string> };

export interface RecordPaymentInput {
  /** The company's coid. */
  company: string;
  /** The clock's today, YYYY-MM-DD: the date the dialog starts with and the latest it takes. */
  today: string;
  invoices: readonly OpenInvoice[];
}

export interface RecordPaymentContext {
  company: string;
  today: string;
  draft: PaymentDraft;
  /** By field: `amount`, `reference`, `date`, `invoices`, `invoice.<number>`. */
  errors: Record<string, string>;
  /** The refusal or the lost connection, in words; the success's sentence once recorded. */
  message: string | null;
  recorded: RecordedPayment | null;
}

export type RecordPaymentEvent =
  | { type: 'payment.method'; method: ManualPaymentMethod }
  | { type: 'payment.field'; field: 'date' | 'amount' | 'reference'; value: string }
  | { type: 'payment.invoiceChosen'; number: string; chosen: boolean }
  | { type: 'payment.invoiceAmount'; number: string; amount: string }
  /** Check the draft and show what it will do before it is sent. */
  | { type: 'payment.review' }
  | { type: 'payment.back' }
  | { type: 'payment.confirm' }
  | { type: 'payment.retry' };

/**
 * A lost connection, a timeout or a server fault: the payment may have been recorded before the answer
 * was lost, so the sentence says so. A retry is safe (the server refuses a second payment with the same
 * company, method and reference), but the person should look at the recent payments first.
 */
export const PAYMENT_UNKNOWN =
  'We don’t know whether the payment was recorded: the answer did not arrive. Check the company’s recent payments on this page before trying again.';

/**
 * The "Record a payment" dialog (issue 32): editing the method, date, amount, reference and the
 * invoices it pays → reviewing where the money goes (what is left becomes a credit) → submitting →
 * done; a refusal goes back to editing with its sentences by field, a lost connection to failed, and
 * the draft is kept either way. Only `reviewing` sends, and it is left at once: a second press of
 * Record while the first is under way finds no transition, so one payment is never recorded twice.
 */
export const recordPaymentMachine = setup({
  types: {
    context: {} as RecordPaymentContext,
    events: {} as RecordPaymentEvent,
    input: {} as RecordPaymentInput,
  },
  actors: {
    /** POST /admin/payments. Throws when the server could not be reached. */
    submitPayment: fromPromise<PaymentAnswer, PaymentBody>(async () => {
      throw new Error('submitPayment is supplied in src/system/admin');
    }),
  },
  actions: {
    // The sentences stay until the next review: they say what to correct while it is corrected.
    edit: assign((_, { draft }: { draft: PaymentDraft }) => ({ draft })),
    showDraftErrors: assign(({ context }) => ({ errors: paymentErrorsOf(context.draft, context.today) })),
    takeAnswer: assign((_, { answer }: { answer: PaymentAnswer }) =>
      answer.kind === 'recorded'
        ? { recorded: answer.recorded, message: answer.message, errors: {} }
        : { message: answer.message, errors: answer.errors },
    ),
    showNoAnswer: assign({ message: PAYMENT_UNKNOWN, errors: {} }),
    /** Effect, supplied where the actor is created: the saved answer's sentence to the page. */
    reportDone: (_, _params: { message: string | null }) => {},
    /** Effect, supplied where the actor is created: the answer was lost, the page reloads its lists. */
    reportUnknown: () => {},
    clearSentences: assign({ message: null, errors: {} }),
  },
  guards: {
    isDraftValid: ({ context }) => Object.keys(paymentErrorsOf(context.draft, context.today)).length === 0,
    isRecorded: (_, { answer }: { answer: PaymentAnswer }) => answer.kind === 'recorded',
  },
}).createMachine({
  id: 'recordPayment',
  context: ({ input }) => ({
    company: input.company,
    today: input.today,
    draft: newPaymentDraft(input.today, input.invoices),
    errors: {},
    message: null,
    recorded: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'payment.method': {
          actions: {
            type: 'edit',
            params: ({ context, event }) => ({ draft: { ...context.draft, method: event.method } }),
          },
        },
        'payment.field': {
          actions: {
            type: 'edit',
            params: ({ context, event }) => ({ draft: { ...context.draft, [event.field]: event.value } }),
          },
        },
        'payment.invoiceChosen': {
          actions: {
            type: 'edit',
            params: ({ context, event }) => ({
              draft: {
                ...context.draft,
                invoices: context.draft.invoices.map((i) =>
                  i.number === event.number ? { ...i, chosen: event.chosen } : i,
                ),
              },
            }),
          },
        },
        'payment.invoiceAmount': {
          actions: {
            type: 'edit',
            params: ({ context, event }) => ({
              draft: {
                ...context.draft,
                invoices: context.draft.invoices.map((i) =>
                  i.number === event.number ? { ...i, amount: event.amount, chosen: true } : i,
                ),
              },
            }),
          },
        },
        'payment.review': [{ guard: 'isDraftValid', target: 'reviewing' }, { actions: 'showDraftErrors' }],
      },
    },
    reviewing: {
      entry: 'clearSentences',
      on: {
        'payment.back': 'editing',
        'payment.confirm': 'submitting',
      },
    },
    submitting: {
      // `committing`: useFlowActor keeps the actor until the answer is in, so a dialog closed meanwhile
      // still hears it; the dialog also refuses to close while this tag is on.
      tags: ['busy', 'committing'],
      invoke: {
        src: 'submitPayment',
        input: ({ context }) => paymentBodyOf(context.company, context.draft),
        onDone: [
          {
            guard: { type: 'isRecorded', params: ({ event }) => ({ answer: event.output }) },
            target: 'done',
            actions: { type: 'takeAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            target: 'editing',
            actions: { type: 'takeAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
        ],
        onError: { target: 'failed', actions: 'showNoAnswer' },
      },
    },
    failed: {
      entry: 'reportUnknown',
      on: {
        'payment.retry': 'submitting',
        'payment.back': 'editing',
      },
    },
    done: {
      type: 'final',
      entry: { type: 'reportDone', params: ({ context }) => ({ message: context.message }) },
    },
  },
});
