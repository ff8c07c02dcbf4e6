import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { AdminOrder, ProofKind } from '../../contract/adminOrders';
import { messageOf, SOMETHING_WENT_WRONG } from '../failures';
import { OrderNotFound } from '../orders/orders.types';

/** The proof file as the page holds it (a browser File where the app is assembled). */
export interface ProofFileRef {
  readonly name: string;
  readonly size: number;
}

/** "Mark delivered": one run's proof, with a drop's date and pieces. */
export interface ProofUpload {
  run: string;
  kind: ProofKind;
  file: ProofFileRef;
  droppedOn?: string;
  pieces?: number;
}

export type AdminOrderEvent =
  | { type: 'adminOrder.retry' }
  /** "Confirm booking": the publisher's reference, for the runs named or every live run. */
  | { type: 'adminOrder.book'; reference: string; runs?: string[] }
  | { type: 'adminOrder.deliver'; proof: ProofUpload }
  | { type: 'adminOrder.note'; body: string }
  /** "Cancel order for the customer", confirmed in its dialog. */
  | { type: 'adminOrder.cancel' };

export interface AdminOrderContext {
  number: string;
  order: AdminOrder | null;
  /** Why the order could not be loaded. */
  error: string | null;
  /** Why the last action was refused (the server's sentence); the order stays as it was. */
  actionError: string | null;
  /** How many actions have succeeded: a dialog closes when it moves on. */
  saves: number;
  /** The action being saved, then the one last saved: only its own dialog closes on its answer. */
  sending: AdminAction | null;
  saved: AdminAction | null;
}

const STILL_BUSY = 'Wait a moment: the last change is still being saved.';

/**
 * What each action does while another is being saved, in every busy state: it is not sent (two
 * writes on one order at once would answer in either order), and the page says why.
 */
const ACTIONS_WHILE_BUSY = {
  'adminOrder.book': { actions: 'keepStillBusy' },
  'adminOrder.deliver': { actions: 'keepStillBusy' },
  'adminOrder.note': { actions: 'keepStillBusy' },
  'adminOrder.cancel': { actions: 'keepStillBusy' },
} as const;

/** The four writes, as the page sends them. */
export type AdminAction = Extract<
  AdminOrderEvent,
  { type: 'adminOrder.book' | 'adminOrder.deliver' | 'adminOrder.note' | 'adminOrder.cancel' }
>;

const isAction = (event: AdminOrderEvent): event is AdminAction => event.type !== 'adminOrder.retry';

/**
 * Every busy state (booking, delivering, noting, cancelling) saves the action that entered it and
 * goes back to idle with the order the answer carries, or with the refusal's sentence.
 */
const BUSY = {
  tags: ['busy'],
  entry: 'keepSending',
  on: ACTIONS_WHILE_BUSY,
  invoke: {
    src: 'save',
    input: ({ context, event }: { context: AdminOrderContext; event: AdminOrderEvent }) => {
      if (!isAction(event)) throw new Error(`${event.type} saves nothing`);
      return { number: context.number, action: event };
    },
    onDone: {
      target: 'idle',
      actions: {
        type: 'keepSaved',
        params: ({ event }: { event: { output: AdminOrder } }) => ({ order: event.output }),
      },
    },
    onError: {
      target: 'idle',
      actions: {
        type: 'keepActionFailure',
        params: ({ event }: { event: { error: unknown } }) => ({
          message: messageOf(event.error, SOMETHING_WENT_WRONG),
        }),
      },
    },
  },
} as const;

/**
 * One order in the back office (/admin/orders/{number}): loaded, then booked with the publisher's
 * reference, a run marked delivered with its proof, a note added, or cancelled for the customer. Each
 * answer replaces the order shown; a refusal (a proof of the wrong kind, a cancel past its deadline)
 * shows the server's sentence and keeps the order.
 */
export const adminOrderMachine = setup({
  types: {
    context: {} as AdminOrderContext,
    events: {} as AdminOrderEvent,
    input: {} as { number: string },
  },
  actors: {
    /** GET /admin/orders/{number}; rejects with OrderNotFound on 404. */
    loadOrder: fromPromise<AdminOrder, { number: string }>(async () => {
      throw new Error('loadOrder is supplied where the actor is created');
    }),
    /**
     * The action's request: POST /admin/orders/{number}/booking, …/runs/{run}/proof, …/notes or
     * …/cancel, answering the order as it is after it.
     */
    save: fromPromise<AdminOrder, { number: string; action: AdminAction }>(async () => {
      throw new Error('save is supplied where the actor is created');
    }),
  },
  actions: {
    keepOrder: assign((_, params: { order: AdminOrder }) => ({ order: params.order, error: null })),
    keepSending: assign(({ event }) => (isAction(event) ? { sending: event } : {})),
    keepSaved: assign(({ context }, params: { order: AdminOrder }) => ({
      order: params.order,
      actionError: null,
      saves: context.saves + 1,
      saved: context.sending,
    })),
    keepLoadFailure: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, SOMETHING_WENT_WRONG),
    })),
    keepActionFailure: assign((_, params: { message: string }) => ({ actionError: params.message })),
    keepStillBusy: assign({ actionError: STILL_BUSY }),
    clearActionFailure: assign({ actionError: null }),
  },
  guards: {
    isNotFound: (_, params: { error: unknown }) => params.error instanceof OrderNotFound,
  },
}).createMachine({
  id: 'adminOrder',
  context: ({ input }) => ({
    number: input.number,
    order: null,
    error: null,
    actionError: null,
    saves: 0,
    sending: null,
    saved: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['pending'],
      invoke: {
        src: 'loadOrder',
        input: ({ context }) => ({ number: context.number }),
        onDone: {
          target: 'shown',
          actions: { type: 'keepOrder', params: ({ event }) => ({ order: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'missing',
          },
          {
            target: 'failed',
            actions: { type: 'keepLoadFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    missing: {},
    failed: { on: { 'adminOrder.retry': 'loading' } },
    shown: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'adminOrder.book': { target: 'booking', actions: 'clearActionFailure' },
            'adminOrder.deliver': { target: 'delivering', actions: 'clearActionFailure' },
            'adminOrder.note': { target: 'noting', actions: 'clearActionFailure' },
            'adminOrder.cancel': { target: 'cancelling', actions: 'clearActionFailure' },
          },
        },
        booking: BUSY,
        delivering: BUSY,
        noting: BUSY,
        cancelling: BUSY,
      },
    },
  },
});

export type AdminOrderMachine = typeof adminOrderMachine;
export type AdminOrderSnapshot = SnapshotFrom<AdminOrderMachine>;

export type AdminOrderStatus = 'loading' | 'missing' | 'failed' | 'shown';
export const selectAdminOrderStatus = (s: AdminOrderSnapshot): AdminOrderStatus =>
  s.matches('loading')
    ? 'loading'
    : s.matches('missing')
      ? 'missing'
      : s.matches('failed')
        ? 'failed'
        : 'shown';
export const selectAdminOrder = (s: AdminOrderSnapshot) => s.context.order;
export const selectAdminOrderError = (s: AdminOrderSnapshot) => s.context.error;
export const selectAdminActionError = (s: AdminOrderSnapshot) => s.context.actionError;
export const selectAdminSaves = (s: AdminOrderSnapshot) => s.context.saves;
export const selectAdminSaved = (s: AdminOrderSnapshot) => s.context.saved;
/** The action being saved, or null. */
export const selectAdminBusy = (
  s: AdminOrderSnapshot,
): 'booking' | 'delivering' | 'noting' | 'cancelling' | null =>
  s.matches({ shown: 'booking' })
    ? 'booking'
    : s.matches({ shown: 'delivering' })
      ? 'delivering'
      : s.matches({ shown: 'noting' })
        ? 'noting'
        : s.matches({ shown: 'cancelling' })
          ? 'cancelling'
          : null;
