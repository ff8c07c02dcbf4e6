import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { CompanyDetail } from '../../contract/adminCompanies';
import type { PaymentTerms } from '../../contract/paymentTerms';
import { messageOf, SOMETHING_WENT_WRONG } from '../failures';

/**
 * One company in the back office (issue 32): its page loads, then an admin saves its terms, credit
 * limit and rep, and staff resend an invitation, disable a person (after confirming) or enable them.
 * One write at a time; each answers the company as it is after it, and what was typed in the terms
 * form is kept when the server refuses it.
 */

/** The terms form as typed: the limit is dollars as text ('' for none), the rep an id ('' for none). */
export interface TermsDraft {
  payment_terms: PaymentTerms;
  credit_limit: string;
  rep: string;
}
export type TermsField = keyof TermsDraft;

export type CompanyAction =
  | { kind: 'resend'; invitation: string }
  | { kind: 'disable'; person: string }
  | { kind: 'enable'; person: string };

/** A write's answer: the company after it, and the server's sentence. */
export interface CompanyWritten {
  company: CompanyDetail;
  message: string;
}

/** The server refused the terms: its sentence, and one per field where it named fields. */
export class TermsRefused extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Partial<Record<TermsField, string>> = {},
  ) {
    super(message);
    this.name = 'TermsRefused';
  }
}

export type CompanyPageEvent =
  | { type: 'company.retry' }
  | { type: 'terms.changed'; field: TermsField; value: string }
  | { type: 'terms.save' }
  | { type: 'person.disable'; person: string }
  | { type: 'person.enable'; person: string }
  | { type: 'invitation.resend'; invitation: string }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' };

export interface CompanyPageContext {
  coid: string;
  company: CompanyDetail | null;
  draft: TermsDraft;
  /** The terms as the save on its way sent them: a field typed since keeps its typing when it answers. */
  sentTerms: TermsDraft | null;
  fieldErrors: Partial<Record<TermsField, string>>;
  /** The person whose disabling waits for a yes. */
  confirming: string | null;
  /** The write on its way (or about to be sent). */
  pending: CompanyAction | null;
  /** The last write's sentence, and whether it was a refusal. */
  notice: { tone: 'success' | 'error'; text: string } | null;
  loadError: string | null;
}

/** The form as the company's terms are now. */
export const draftOf = (company: CompanyDetail): TermsDraft => ({
  payment_terms: company.payment_terms,
  credit_limit: company.credit_limit === null ? '' : String(company.credit_limit.amount),
  rep: company.rep?.id ?? '',
});

export const companyPageMachine = setup({
  types: {
    context: {} as CompanyPageContext,
    events: {} as CompanyPageEvent,
    input: {} as { coid: string },
  },
  actors: {
    /** GET /admin/companies/{coid}. */
    loadCompany: fromPromise<CompanyDetail, { coid: string }>(async () => {
      throw new Error('loadCompany is supplied where the actor is created');
    }),
    /** PATCH /admin/companies/{coid}; rejects with TermsRefused for a refusal. */
    saveTerms: fromPromise<CompanyWritten, { coid: string; draft: TermsDraft }>(async () => {
      throw new Error('saveTerms is supplied where the actor is created');
    }),
    /** Resend an invitation, disable or enable a person (the action is set before this is invoked). */
    act: fromPromise<CompanyWritten, { coid: string; action: CompanyAction | null }>(async () => {
      throw new Error('act is supplied where the actor is created');
    }),
  },
  actions: {
    takeCompany: assign((_, { company }: { company: CompanyDetail }) => ({
      company,
      draft: draftOf(company),
      fieldErrors: {},
      loadError: null,
    })),
    // A person's or an invitation's write leaves the terms form as typed (saved or not).
    takeWritten: assign((_, { written }: { written: CompanyWritten }) => ({
      company: written.company,
      confirming: null,
      notice: { tone: 'success' as const, text: written.message },
    })),
    // A terms save: each field becomes the saved value unless it was typed in since the save was sent.
    takeSavedTerms: assign(({ context }, { written }: { written: CompanyWritten }) => {
      const saved = draftOf(written.company);
      const sent = context.sentTerms ?? context.draft;
      const keep = <K extends TermsField>(field: K): TermsDraft[K] =>
        context.draft[field] === sent[field] ? saved[field] : context.draft[field];
      return {
        company: written.company,
        draft: { payment_terms: keep('payment_terms'), credit_limit: keep('credit_limit'), rep: keep('rep') },
        sentTerms: null,
        fieldErrors: {},
        confirming: null,
        notice: { tone: 'success' as const, text: written.message },
      };
    }),
    rememberSentTerms: assign(({ context }) => ({ sentTerms: context.draft })),
    keepLoadError: assign((_, { error }: { error: unknown }) => ({
      loadError: messageOf(error, SOMETHING_WENT_WRONG),
    })),
    keepTermsRefusal: assign((_, { error }: { error: unknown }) => ({
      fieldErrors: error instanceof TermsRefused ? error.fieldErrors : {},
      sentTerms: null,
      confirming: null,
      notice: { tone: 'error' as const, text: messageOf(error, SOMETHING_WENT_WRONG) },
    })),
    // A person's or an invitation's refusal says nothing of the terms form: its sentences stay.
    keepActionRefusal: assign((_, { error }: { error: unknown }) => ({
      confirming: null,
      notice: { tone: 'error' as const, text: messageOf(error, SOMETHING_WENT_WRONG) },
    })),
    setField: assign(({ context }, { field, value }: { field: TermsField; value: string }) => ({
      draft: { ...context.draft, [field]: value },
      fieldErrors: { ...context.fieldErrors, [field]: undefined },
    })),
    askConfirm: assign((_, { person }: { person: string }) => ({ confirming: person, notice: null })),
    queueAction: assign((_, { action }: { action: CompanyAction }) => ({ pending: action })),
    dropConfirm: assign({ confirming: null }),
  },
}).createMachine({
  id: 'companyPage',
  context: ({ input }) => ({
    coid: input.coid,
    company: null,
    draft: { payment_terms: 'net30', credit_limit: '', rep: '' },
    sentTerms: null,
    fieldErrors: {},
    confirming: null,
    pending: null,
    notice: null,
    loadError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadCompany',
        input: ({ context }) => ({ coid: context.coid }),
        onDone: {
          target: 'ready',
          actions: { type: 'takeCompany', params: ({ event }) => ({ company: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'keepLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { 'company.retry': 'loading' } },
    ready: {
      initial: 'idle',
      on: {
        // Typing is kept in every state, a save on its way included (it was sent as it was).
        'terms.changed': {
          actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
      },
      states: {
        idle: {
          on: {
            'terms.save': 'savingTerms',
            'person.disable': {
              target: 'confirming',
              actions: { type: 'askConfirm', params: ({ event }) => ({ person: event.person }) },
            },
            'person.enable': {
              target: 'acting',
              actions: {
                type: 'queueAction',
                params: ({ event }) => ({ action: { kind: 'enable', person: event.person } }),
              },
            },
            'invitation.resend': {
              target: 'acting',
              actions: {
                type: 'queueAction',
                params: ({ event }) => ({ action: { kind: 'resend', invitation: event.invitation } }),
              },
            },
          },
        },
        /** "Disable <name>? Every sign-in of theirs ends at once." */
        confirming: {
          on: {
            'confirm.yes': {
              target: 'acting',
              actions: {
                type: 'queueAction',
                params: ({ context }) => ({ action: { kind: 'disable', person: context.confirming ?? '' } }),
              },
            },
            'confirm.no': { target: 'idle', actions: 'dropConfirm' },
          },
        },
        savingTerms: {
          tags: ['busy'],
          entry: 'rememberSentTerms',
          invoke: {
            src: 'saveTerms',
            input: ({ context }) => ({ coid: context.coid, draft: context.draft }),
            onDone: {
              target: 'idle',
              actions: { type: 'takeSavedTerms', params: ({ event }) => ({ written: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'keepTermsRefusal', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        acting: {
          tags: ['busy'],
          invoke: {
            src: 'act',
            input: ({ context }) => ({
              coid: context.coid,
              // Set by every transition into this state.
              action: context.pending,
            }),
            onDone: {
              target: 'idle',
              actions: { type: 'takeWritten', params: ({ event }) => ({ written: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'keepActionRefusal', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});

export type CompanyPageSnapshot = SnapshotFrom<typeof companyPageMachine>;
export const selectCompany = (s: CompanyPageSnapshot) => s.context.company;
export const selectCompanyLoadError = (s: CompanyPageSnapshot) =>
  s.matches('failed') ? s.context.loadError : null;
export const selectTermsDraft = (s: CompanyPageSnapshot) => s.context.draft;
export const selectTermsErrors = (s: CompanyPageSnapshot) => s.context.fieldErrors;
export const selectConfirming = (s: CompanyPageSnapshot) => s.context.confirming;
export const selectCompanyNotice = (s: CompanyPageSnapshot) => s.context.notice;
export const selectCompanyBusy = (s: CompanyPageSnapshot) => s.hasTag('busy');
