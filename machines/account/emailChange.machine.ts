import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { type EmailChangeBody, emailChangeBody } from '../../contract/auth';
import { messageOf, SOMETHING_WENT_WRONG } from '../failures';
import { FormRefused, fieldErrorsOf } from './refusal';

export type EmailChangeField = 'email' | 'current_password';

export type EmailChangeEvent =
  | { type: 'emailChange.fieldChanged'; field: EmailChangeField; value: string }
  | { type: 'emailChange.submit' }
  /** "Use another address" after a link was sent. */
  | { type: 'emailChange.again' };

export interface EmailChangeContext {
  values: Record<EmailChangeField, string>;
  errors: Partial<Record<EmailChangeField, string>>;
  alert: string | null;
  /** The address the link went to, and the API's sentence about it. */
  sent: { email: string; message: string } | null;
  /** Counts refusals, so the page moves focus to the first field in error each time. */
  refusals: number;
}

const checked = (values: EmailChangeContext['values']) => emailChangeBody.safeParse(values);

/**
 * Changing the sign-in address: the new address and the current password; the API sends a link to
 * the new address, and nothing changes until it is opened (the session keeps the old address). What
 * was typed stays through any refusal; the password is forgotten once the link is sent.
 */
export const emailChangeMachine = setup({
  types: { context: {} as EmailChangeContext, events: {} as EmailChangeEvent },
  actors: {
    /** POST /me/email: the API's sentence, or FormRefused with messages per field. */
    request: fromPromise<{ email: string; message: string }, EmailChangeBody>(async () => {
      throw new Error('request is supplied where the actor is created');
    }),
  },
  actions: {
    setField: assign(({ context }, params: { field: EmailChangeField; value: string }) => ({
      values: { ...context.values, [params.field]: params.value },
      errors: { ...context.errors, [params.field]: undefined },
    })),
    showInvalid: assign(({ context }) => {
      const result = checked(context.values);
      const errors: EmailChangeContext['errors'] = {};
      for (const issue of result.success ? [] : result.error.issues) {
        const field = issue.path[0];
        if (field === 'email' || field === 'current_password') errors[field] ??= issue.message;
      }
      return { errors, alert: null, refusals: context.refusals + 1 };
    }),
    keepRefusal: assign(({ context }, params: { error: unknown }) => {
      const fields = fieldErrorsOf(params.error);
      const errors = { email: fields.email, current_password: fields.current_password };
      const aboutFields = Boolean(errors.email || errors.current_password);
      return {
        errors,
        alert:
          aboutFields && params.error instanceof FormRefused
            ? null
            : messageOf(params.error, SOMETHING_WENT_WRONG),
        refusals: context.refusals + 1,
      };
    }),
    keepSent: assign(({ context }, params: { email: string; message: string }) => ({
      sent: params,
      values: { ...context.values, current_password: '' },
      errors: {},
      alert: null,
    })),
    startAgain: assign({ sent: null, values: { email: '', current_password: '' } }),
  },
  guards: { isValid: ({ context }) => checked(context.values).success },
}).createMachine({
  id: 'emailChange',
  context: { values: { email: '', current_password: '' }, errors: {}, alert: null, sent: null, refusals: 0 },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'emailChange.fieldChanged': {
          actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'emailChange.submit': [{ guard: 'isValid', target: 'requesting' }, { actions: 'showInvalid' }],
      },
    },
    requesting: {
      tags: ['busy'],
      invoke: {
        src: 'request',
        input: ({ context }) => context.values,
        onDone: { target: 'sent', actions: { type: 'keepSent', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    sent: { on: { 'emailChange.again': { target: 'editing', actions: 'startAgain' } } },
  },
});

export type EmailChangeMachine = typeof emailChangeMachine;
type EmailChangeSnapshot = SnapshotFrom<EmailChangeMachine>;
export const selectEmailChangeValues = (s: EmailChangeSnapshot) => s.context.values;
export const selectEmailChangeErrors = (s: EmailChangeSnapshot) => s.context.errors;
export const selectEmailChangeAlert = (s: EmailChangeSnapshot) => s.context.alert;
export const selectEmailChangeSent = (s: EmailChangeSnapshot) => (s.matches('sent') ? s.context.sent : null);
export const selectEmailChangeBusy = (s: EmailChangeSnapshot) => s.hasTag('busy');
export const selectEmailChangeRefusals = (s: EmailChangeSnapshot) => s.context.refusals;
