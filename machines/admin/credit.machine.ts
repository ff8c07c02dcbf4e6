import { assign, fromPromise, setup } from 'xstate';
import type { ApplyCreditBody, CreditAnswer, CreditBody } from '../../contract/adminMoney';
import { centsToDollars } from '../../contract/money';
import { centsOfTyped } from './moneyDraft';

/** What sending came to: done, or refused with the server's sentences by field. */
export type CreditOutcome =
  | { kind: 'done'; answer: CreditAnswer; message: string }
  | { kind: 'refused'; message: string; errors: Record<string, string> };

/** What the dialog sends: a new credit, or an existing one applied to an invoice. */
export type CreditRequest =
  | { kind: 'issue'; body: CreditBody }
  | { kind: 'apply'; creditId: number; body: ApplyCreditBody };

export interface CreditInput {
  /** The company's coid. */
  company: string;
  /** `issue`: "Issue a credit"; `apply`: "Apply" on one of its credits (its id). */
  mode: { kind: 'issue' } | { kind: 'apply'; creditId: number };
}

export interface CreditDraft {
  amount: string;
  reason: string;
  /** An invoice number, or '' for none (issuing only: apply it later). */
  invoice: string;
}

export interface CreditContext extends CreditInput {
  draft: CreditDraft;
  errors: Record<string, string>;
  message: string | null;
  answer: CreditAnswer | null;
}

export type CreditEvent =
  | { type: 'credit.field'; field: keyof CreditDraft; value: string }
  | { type: 'credit.submit' }
  | { type: 'credit.retry' }
  | { type: 'credit.back' };

/**
 * A lost connection, a timeout or a server fault: the credit may have been saved before the answer was
 * lost, and nothing stops a second one, so the sentence asks to look before sending it again.
 */
export const CREDIT_UNKNOWN =
  'We don’t know whether the credit was saved: the answer did not arrive. Check the company’s credits on this page before trying again, or the company could get it twice.';

/** The draft's problems by field before anything is sent; empty when none. */
export function creditErrorsOf(context: Pick<CreditContext, 'mode' | 'draft'>): Record<string, string> {
  const errors: Record<string, string> = {};
  const { draft, mode } = context;
  const cents = centsOfTyped(draft.amount);
  const optional = mode.kind === 'apply' && draft.amount.trim() === '';
  if (!optional && (cents === null || cents === 0)) errors.amount = 'Enter an amount, such as 250 or 99.50.';
  if (mode.kind === 'issue' && draft.reason.trim() === '')
    errors.reason = 'Say why the company gets this credit.';
  if (mode.kind === 'apply' && draft.invoice === '') errors.invoice = 'Choose the invoice to apply it to.';
  return errors;
}

/** The draft as the API takes it (sent only once creditErrorsOf finds nothing). */
export function creditRequestOf(context: Pick<CreditContext, 'company' | 'mode' | 'draft'>): CreditRequest {
  const { draft, mode } = context;
  const cents = draft.amount.trim() === '' ? null : centsOfTyped(draft.amount);
  if (mode.kind === 'apply')
    return {
      kind: 'apply',
      creditId: mode.creditId,
      body: { invoice: draft.invoice, ...(cents === null ? {} : { amount: centsToDollars(cents) }) },
    };
  return {
    kind: 'issue',
    body: {
      company: context.company,
      amount: centsToDollars(cents ?? 0),
      reason: draft.reason.trim(),
      ...(draft.invoice ? { invoice: draft.invoice } : {}),
    },
  };
}

/**
 * The "Issue a credit" and "Apply" dialogs (issue 32): editing → submitting → done; a refusal goes
 * back to editing with its sentences by field, a lost connection to failed (Try again, or back to the
 * form), and the draft is kept. Submitting is left only by its answer, so a second press of the button
 * while the first is under way is not a second credit.
 */
export const creditMachine = setup({
  types: {
    context: {} as CreditContext,
    events: {} as CreditEvent,
    input: {} as CreditInput,
  },
  actors: {
    /** POST /admin/credits or /admin/credits/{id}/apply. Throws when the server could not be reached. */
    submitCredit: fromPromise<CreditOutcome, CreditRequest>(async () => {
      throw new Error('submitCredit is supplied in src/system/admin');
    }),
  },
  actions: {
    edit: assign(({ context }, { field, value }: { field: keyof CreditDraft; value: string }) => ({
      draft: { ...context.draft, [field]: value },
    })),
    showDraftErrors: assign(({ context }) => ({ errors: creditErrorsOf(context) })),
    takeOutcome: assign((_, { outcome }: { outcome: CreditOutcome }) =>
      outcome.kind === 'done'
        ? { answer: outcome.answer, message: outcome.message, errors: {} }
        : { message: outcome.message, errors: outcome.errors },
    ),
    showNoAnswer: assign({ message: CREDIT_UNKNOWN, errors: {} }),
    /** Effect, supplied where the actor is created: the saved answer's sentence to the page. */
    reportDone: (_, _params: { message: string | null }) => {},
    /** Effect, supplied where the actor is created: the answer was lost, the page reloads its lists. */
    reportUnknown: () => {},
    clearSentences: assign({ message: null, errors: {} }),
  },
  guards: {
    isDraftValid: ({ context }) => Object.keys(creditErrorsOf(context)).length === 0,
    isDone: (_, { outcome }: { outcome: CreditOutcome }) => outcome.kind === 'done',
  },
}).createMachine({
  id: 'credit',
  context: ({ input }) => ({
    ...input,
    draft: { amount: '', reason: '', invoice: '' },
    errors: {},
    message: null,
    answer: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'credit.field': {
          actions: { type: 'edit', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'credit.submit': [{ guard: 'isDraftValid', target: 'submitting' }, { actions: 'showDraftErrors' }],
      },
    },
    submitting: {
      // `committing`: useFlowActor keeps the actor until the answer is in, so a dialog closed meanwhile
      // still hears it; the dialog also refuses to close while this tag is on.
      tags: ['busy', 'committing'],
      entry: 'clearSentences',
      invoke: {
        src: 'submitCredit',
        input: ({ context }) => creditRequestOf(context),
        onDone: [
          {
            guard: { type: 'isDone', params: ({ event }) => ({ outcome: event.output }) },
            target: 'done',
            actions: { type: 'takeOutcome', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            target: 'editing',
            actions: { type: 'takeOutcome', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
        onError: { target: 'failed', actions: 'showNoAnswer' },
      },
    },
    failed: {
      entry: 'reportUnknown',
      on: { 'credit.retry': 'submitting', 'credit.back': 'editing' },
    },
    done: {
      type: 'final',
      entry: { type: 'reportDone', params: ({ context }) => ({ message: context.message }) },
    },
  },
});
