import { enqueueActions, sendParent, setup } from 'xstate';

export type ToastVariant = 'success' | 'error';

/**
 * A button in a toast ("Undo"): pressing it sends `event` to the app's actor whose systemId is `to`
 * (src/system/hooks/toasts.ts), and dismisses the toast. Plain data, so the toasts need not know the actor.
 */
export interface ToastAction {
  label: string;
  to: string;
  event: { type: string } & Record<string, unknown>;
}

export interface Toast {
  id: string;
  variant: ToastVariant;
  message: string;
  action?: ToastAction;
}

export type ToastsEvent =
  | { type: 'toast.show'; variant: ToastVariant; message: string; action?: ToastAction }
  | { type: 'toast.dismiss'; id: string };

/** One toast's own timer: after 5 seconds it asks the list to remove it. */
export const toastTimer = setup({
  types: { input: {} as { id: string } },
  delays: { autoHide: 5_000 },
}).createMachine({
  id: 'toastTimer',
  context: ({ input }) => input,
  initial: 'visible',
  states: {
    visible: {
      after: {
        autoHide: {
          target: 'hidden',
          actions: sendParent(({ context }) => ({ type: 'toast.dismiss', id: context.id })),
        },
      },
    },
    hidden: { type: 'final' },
  },
});

interface ToastsContext {
  toasts: Toast[];
  /** How many toasts were ever shown: numbers each toast's id (and its timer's). */
  shown: number;
}

const MAX_VISIBLE = 3;

/** The toasts of SPEC section 4: at most 3 visible (the oldest goes first), each hides after 5 seconds. */
export const toastsMachine = setup({
  types: { context: {} as ToastsContext, events: {} as ToastsEvent },
  actors: { toastTimer },
}).createMachine({
  id: 'toasts',
  context: { toasts: [], shown: 0 },
  on: {
    'toast.show': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const id = `toast-${context.shown + 1}`;
        const overflow = context.toasts.slice(0, Math.max(0, context.toasts.length - (MAX_VISIBLE - 1)));
        for (const old of overflow) enqueue.stopChild(old.id);
        enqueue.assign({
          shown: context.shown + 1,
          toasts: [
            ...context.toasts.slice(overflow.length),
            { id, variant: event.variant, message: event.message, action: event.action },
          ],
        });
        // Each toast's timer is a child named like the toast, so it can be stopped with it.
        enqueue.spawnChild('toastTimer', { id, input: { id } });
      }),
    },
    'toast.dismiss': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        enqueue.stopChild(event.id);
        enqueue.assign({ toasts: context.toasts.filter((t) => t.id !== event.id) });
      }),
    },
  },
});

export type ToastsMachine = typeof toastsMachine;
