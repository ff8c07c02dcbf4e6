import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { messageOf, SOMETHING_WENT_WRONG } from '../failures';

/**
 * The page of the link e-mailed to a new address (/account/email?code=): the change is confirmed
 * once, then the session reads the account again (a person signed in sees the new address at once).
 */
export const emailConfirmMachine = setup({
  types: {
    context: {} as { code: string; email: string | null; error: string | null },
    input: {} as { code: string },
  },
  actors: {
    /** POST /me/email/confirm: the address now signed in with. */
    confirm: fromPromise<{ email: string }, { code: string }>(async () => {
      throw new Error('confirm is supplied where the actor is created');
    }),
  },
  actions: {
    /** The session reads the account again, when someone is signed in. */
    confirmed: (_, _params: { email: string }) => {},
    keepEmail: assign((_, params: { email: string }) => ({ email: params.email })),
    keepError: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, SOMETHING_WENT_WRONG),
    })),
  },
}).createMachine({
  id: 'emailConfirm',
  context: ({ input }) => ({ code: input.code, email: null, error: null }),
  initial: 'confirming',
  states: {
    confirming: {
      invoke: {
        src: 'confirm',
        input: ({ context }) => ({ code: context.code }),
        onDone: {
          target: 'confirmed',
          actions: [
            { type: 'keepEmail', params: ({ event }) => ({ email: event.output.email }) },
            { type: 'confirmed', params: ({ event }) => ({ email: event.output.email }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirmed: { type: 'final' },
    failed: { type: 'final' },
  },
});

export type EmailConfirmMachine = typeof emailConfirmMachine;
type EmailConfirmSnapshot = SnapshotFrom<EmailConfirmMachine>;
export const selectEmailConfirmStatus = (s: EmailConfirmSnapshot) =>
  s.matches('confirming') ? 'confirming' : s.matches('confirmed') ? 'confirmed' : 'failed';
export const selectConfirmedEmail = (s: EmailConfirmSnapshot) => s.context.email;
export const selectEmailConfirmError = (s: EmailConfirmSnapshot) => s.context.error;
