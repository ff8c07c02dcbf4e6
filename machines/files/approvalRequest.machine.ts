import { and, assertEvent, assign, fromPromise, setup } from 'xstate';
import { messageOf, SOMETHING_WENT_WRONG } from '../failures';

/** One run of a file: what "Approve" (or "Ask for approval") is about. */
export interface RunOfFile {
  fileId: string;
  order: string;
  run: string;
}

/** What "Approve" did: approved at once, or (a member's, when approvals need an admin) asked. */
export type ApproveResult = 'approved' | 'requested';

export type ApprovalEvent =
  /** "Approve" or "Ask for approval" on the run. */
  | { type: 'approval.approve' }
  /** The member takes their open request back. */
  | { type: 'approval.withdraw'; requestId: number }
  /** The owner or an admin accepts a member's request. */
  | { type: 'approval.accept'; requestId: number }
  /** "Decline": opens the reason's dialog. */
  | { type: 'approval.startDecline'; requestId: number }
  | { type: 'approval.reasonChanged'; reason: string }
  | { type: 'approval.decline' }
  | { type: 'approval.cancelDecline' }
  /** The run's view was read again (its approval or request changed): the buttons show what is true now. */
  | { type: 'approval.refreshed' }
  /**
   * Reading the run's view again failed: the outcome gives way (the page says the read failed, with
   * Try again), so the buttons are never held waiting for a read that will not come.
   */
  | { type: 'approval.refreshFailed' };

export interface ApprovalContext extends RunOfFile {
  /** The request being declined. */
  requestId: number | null;
  /** The reason typed, kept when declining is refused so nothing is lost. */
  reason: string;
  /** The refusal's sentence, said next to the run. */
  error: string | null;
}

/** What the buttons do from every resting state: the run's view, not this machine, says which show. */
const BUTTONS = {
  'approval.approve': { target: 'sending', actions: 'clearError' },
  'approval.withdraw': { target: 'withdrawing', actions: 'clearError' },
  'approval.accept': { target: 'accepting', actions: 'clearError' },
  'approval.startDecline': { target: 'editingReason', actions: 'startDecline' },
} as const;

const refusal = {
  target: 'refused',
  actions: {
    type: 'keepError',
    params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
  },
} as const;

/**
 * The approval of one run of a file (issue 33): its "Approve" button (approved at once, or asked of the
 * owner and admins), a member's withdrawal of their request, and an admin's decision: accept, or
 * decline with a reason (required; kept if declining is refused). A refusal is said as a sentence and
 * every button works again; after any change the files are read again (`changed`), and the buttons
 * wait for that fresh view (`approval.refreshed`) before they send anything again.
 */
export const approvalRequestMachine = setup({
  types: {
    context: {} as ApprovalContext,
    events: {} as ApprovalEvent,
    input: {} as RunOfFile,
  },
  actors: {
    approve: fromPromise<ApproveResult, RunOfFile>(async () => {
      throw new Error('approve is supplied where the actor is created');
    }),
    withdraw: fromPromise<void, { requestId: number }>(async () => {
      throw new Error('withdraw is supplied where the actor is created');
    }),
    accept: fromPromise<void, { requestId: number }>(async () => {
      throw new Error('accept is supplied where the actor is created');
    }),
    decline: fromPromise<void, { requestId: number; reason: string }>(async () => {
      throw new Error('decline is supplied where the actor is created');
    }),
  },
  guards: {
    hasReason: ({ context }) => context.reason.trim().length > 0,
    isDeclining: ({ context }) => context.requestId !== null,
    wasApproved: (_, result: ApproveResult) => result === 'approved',
  },
  actions: {
    /** The files are read again: the run shows its new state. */
    changed: () => {},
    keepError: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, SOMETHING_WENT_WRONG),
    })),
    clearError: assign({ error: null }),
    startDecline: assign(({ event }) => {
      assertEvent(event, 'approval.startDecline');
      return { requestId: event.requestId, reason: '', error: null };
    }),
    keepReason: assign(({ event }) => {
      assertEvent(event, 'approval.reasonChanged');
      return { reason: event.reason };
    }),
    forgetDecline: assign({ requestId: null, reason: '' }),
  },
}).createMachine({
  id: 'approvalRequest',
  context: ({ input }) => ({ ...input, requestId: null, reason: '', error: null }),
  initial: 'idle',
  states: {
    idle: { on: BUTTONS },
    sending: {
      invoke: {
        src: 'approve',
        input: ({ context }) => ({ fileId: context.fileId, order: context.order, run: context.run }),
        onDone: [
          { guard: { type: 'wasApproved', params: ({ event }) => event.output }, target: 'approved' },
          { target: 'requested' },
        ],
        onError: refusal,
      },
    },
    withdrawing: {
      invoke: {
        src: 'withdraw',
        input: ({ event }) => {
          assertEvent(event, 'approval.withdraw');
          return { requestId: event.requestId };
        },
        onDone: 'withdrawn',
        onError: refusal,
      },
    },
    accepting: {
      invoke: {
        src: 'accept',
        input: ({ event }) => {
          assertEvent(event, 'approval.accept');
          return { requestId: event.requestId };
        },
        onDone: 'accepted',
        onError: refusal,
      },
    },
    /** The reason's dialog: declining needs one; refused, it stays open with the reason as typed. */
    editingReason: {
      initial: 'editing',
      states: { editing: {}, refused: {} },
      on: {
        'approval.reasonChanged': { actions: 'keepReason' },
        'approval.decline': {
          guard: and(['hasReason', 'isDeclining']),
          target: '#approvalRequest.declining',
          actions: 'clearError',
        },
        'approval.cancelDecline': {
          target: '#approvalRequest.idle',
          actions: ['forgetDecline', 'clearError'],
        },
      },
    },
    declining: {
      invoke: {
        src: 'decline',
        input: ({ context }) => ({ requestId: context.requestId ?? 0, reason: context.reason.trim() }),
        onDone: { target: 'declined', actions: 'forgetDecline' },
        onError: {
          target: 'editingReason.refused',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // Each outcome is said until the run's view is read again, and its button does nothing meanwhile:
    // pressed again before the files are read, it would only be refused ("…already"; "no longer open").
    approved: { entry: 'changed', on: { 'approval.refreshed': 'idle', 'approval.refreshFailed': 'idle' } },
    requested: { entry: 'changed', on: { 'approval.refreshed': 'asked', 'approval.refreshFailed': 'asked' } },
    /** The request read back (Withdraw shows): still said as sent until the run's view changes again. */
    asked: { on: { ...BUTTONS, 'approval.refreshed': 'idle' } },
    withdrawn: { entry: 'changed', on: { 'approval.refreshed': 'idle', 'approval.refreshFailed': 'idle' } },
    accepted: { entry: 'changed', on: { 'approval.refreshed': 'idle', 'approval.refreshFailed': 'idle' } },
    declined: { entry: 'changed', on: { 'approval.refreshed': 'idle', 'approval.refreshFailed': 'idle' } },
    refused: { on: BUTTONS },
  },
});
