import { assign, fromPromise, setup } from 'xstate';
import type { InvitationView } from '../../contract/staff';

/** The form's fields: `email` only when setting up (an invitation names the address). */
export interface EnrolmentFields {
  name: string;
  email?: string;
  password: string;
}

/** What sending the form came to: the authenticator URI, field errors, or a link that no longer works. */
export type EnrolmentAnswer =
  | { kind: 'enrolled'; otpauth: string }
  | { kind: 'invalid'; message: string; errors: Record<string, string> }
  | { kind: 'unusable'; message: string };

export interface EnrolmentInput {
  /** `setup`: the first admin, from the link printed at the first start; `join`: an invitation. */
  kind: 'setup' | 'join';
  token: string;
}

export interface EnrolmentContext extends EnrolmentInput {
  invitation: InvitationView | null;
  otpauth: string | null;
  message: string | null;
  errors: Record<string, string>;
}

export type EnrolmentEvent = { type: 'enrolment.submit' } & EnrolmentFields;

const NO_ANSWER = 'We could not reach the server. Check your connection and try again.';

/**
 * Setting up the back office or joining it: (for an invitation) what it is for, the form, then the
 * authenticator app's QR code, shown once. A link that no longer works says why and goes no further.
 */
export const enrolmentMachine = setup({
  types: {
    context: {} as EnrolmentContext,
    events: {} as EnrolmentEvent,
    input: {} as EnrolmentInput,
  },
  actors: {
    /** GET /admin/join?token=: null when the invitation was used or has expired. */
    loadInvitation: fromPromise<InvitationView | null, { token: string }>(async () => {
      throw new Error('loadInvitation is supplied in src/system/admin');
    }),
    /** POST /admin/setup or /admin/join. */
    submit: fromPromise<EnrolmentAnswer, EnrolmentInput & EnrolmentFields>(async () => {
      throw new Error('submit is supplied in src/system/admin');
    }),
  },
  actions: {
    takeInvitation: assign((_, { invitation }: { invitation: InvitationView }) => ({ invitation })),
    takeAnswer: assign((_, { answer }: { answer: EnrolmentAnswer }) =>
      answer.kind === 'enrolled'
        ? { otpauth: answer.otpauth, message: null, errors: {} }
        : { message: answer.message, errors: answer.kind === 'invalid' ? answer.errors : {} },
    ),
    showMessage: assign((_, { message }: { message: string }) => ({ message, errors: {} })),
  },
  guards: {
    isJoining: ({ context }) => context.kind === 'join',
    isEnrolled: (_, { answer }: { answer: EnrolmentAnswer }) => answer.kind === 'enrolled',
    isUnusable: (_, { answer }: { answer: EnrolmentAnswer }) => answer.kind === 'unusable',
  },
}).createMachine({
  id: 'enrolment',
  context: ({ input }) => ({ ...input, invitation: null, otpauth: null, message: null, errors: {} }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isJoining', target: 'loadingInvitation' }, { target: 'editing' }],
    },
    loadingInvitation: {
      invoke: {
        src: 'loadInvitation',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'editing',
            actions: {
              type: 'takeInvitation',
              params: ({ event }) => ({ invitation: event.output as InvitationView }),
            },
          },
          {
            target: 'unusable',
            actions: {
              type: 'showMessage',
              params: {
                message:
                  'This invitation does not work any more: it was used, or it expired. Ask an admin for a new one.',
              },
            },
          },
        ],
        onError: { target: 'unusable', actions: { type: 'showMessage', params: { message: NO_ANSWER } } },
      },
    },
    editing: {
      on: { 'enrolment.submit': 'submitting' },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'submit',
        input: ({ context, event }) => ({
          kind: context.kind,
          token: context.token,
          name: event.type === 'enrolment.submit' ? event.name : '',
          email: event.type === 'enrolment.submit' ? event.email : undefined,
          password: event.type === 'enrolment.submit' ? event.password : '',
        }),
        onDone: [
          {
            guard: { type: 'isEnrolled', params: ({ event }) => ({ answer: event.output }) },
            target: 'enrolled',
            actions: { type: 'takeAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            guard: { type: 'isUnusable', params: ({ event }) => ({ answer: event.output }) },
            target: 'unusable',
            actions: { type: 'takeAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            target: 'editing',
            actions: { type: 'takeAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
        ],
        onError: { target: 'editing', actions: { type: 'showMessage', params: { message: NO_ANSWER } } },
      },
    },
    /** The QR code and the key, shown this once; then "Go to sign-in". */
    enrolled: { type: 'final' },
    /** The link was used, has expired, or setup is done: the sentence says which and what to do. */
    unusable: { type: 'final' },
  },
});
