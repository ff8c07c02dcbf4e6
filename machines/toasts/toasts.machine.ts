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
  /**
   * Where the focus goes once the action has done its work (a CSS selector: the item put back), so a
   * keyboard user is not left on a button that is gone.
   */
  focusAfter?: string;
}

export interface Toast {
  id: string;
  variant: ToastVariant;
  message: string;
  action?: ToastAction;
}

export type ToastsEvent =
  | { type: 'toast.show'; variant: ToastVariant; message: string; action?: ToastAction }
  | { type: 'toast.dismiss'; id: string }
  /** The pointer or the focus is on the toasts: none hides while a person reads it or reaches its button (WCAG 2.2.1). */
  | { type: 'toast.hold' }
  /** The pointer and the focus have left: each toast gets its whole 5 seconds again. */
  | { type: 'toast.release' };

/**
 * One toast's own timer: after 5 seconds it asks the list to remove it. Held, it waits; released, it
 * starts its 5 seconds again (a toast read halfway should not vanish the moment the pointer leaves).
 */
export const toastTimer = setup({
  types: {
    // `held`: the toasts were held when this one came, so it waits too.
    input: {} as { id: string; held: boolean },
    context: {} as { id: string; held: boolean },
    events: {} as { type: 'toast.hold' } | { type: 'toast.release' },
  },
  actions: {
    /** The list removes the toast (and stops this timer with it). */
    askToHide: sendParent(({ context }) => ({ type: 'toast.dismiss' as const, id: context.id })),
  },
  guards: { isHeld: ({ context }) => context.held },
  delays: { autoHide: 5_000 },
}).createMachine({
  id: 'toastTimer',
  context: ({ input }) => input,
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'isHeld', target: 'held' }, { target: 'visible' }] },
    visible: {
      on: { 'toast.hold': 'held' },
      after: { autoHide: { target: 'hidden', actions: 'askToHide' } },
    },
    held: { on: { 'toast.release': 'visible' } },
    hidden: { type: 'final' },
  },
});

interface ToastsContext {
  toasts: Toast[];
  /** The pointer or the focus is on the toasts: their timers wait. */
  held: boolean;
  /** How many toasts were ever shown: numbers each toast's id (and its timer's). */
  shown: number;
}

const MAX_VISIBLE = 3;

/** The toasts that hide by themselves (those without a button), each with its timer. */
const timed = (context: ToastsContext) => context.toasts.filter((toast) => !toast.action);

/**
 * The toasts of SPEC section 4: at most 3 visible (the oldest goes first), each hides after 5 seconds
 * unless the pointer or the focus is on them; one with a button stays until it is used or closed.
 */
export const toastsMachine = setup({
  types: { context: {} as ToastsContext, events: {} as ToastsEvent },
  actors: { toastTimer },
  actions: {
    showToast: enqueueActions(
      (
        { context, enqueue },
        params: { variant: ToastVariant; message: string; action?: ToastAction | undefined },
      ) => {
        const id = `toast-${context.shown + 1}`;
        const overflow = context.toasts.slice(0, Math.max(0, context.toasts.length - (MAX_VISIBLE - 1)));
        for (const old of overflow) enqueue.stopChild(old.id);
        enqueue.assign({
          shown: context.shown + 1,
          toasts: [
            ...context.toasts.slice(overflow.length),
            { id, variant: params.variant, message: params.message, action: params.action },
          ],
        });
        // Each toast's timer is a child named like the toast, so it can be stopped with it. A toast
        // with a button (Undo) has none: it stays until pressed, closed or pushed out, so nobody has
        // to reach its button against a clock (WCAG 2.2.1; keyboard users reach it after the page).
        if (!params.action) enqueue.spawnChild('toastTimer', { id, input: { id, held: context.held } });
      },
    ),
    dismissToast: enqueueActions(({ context, enqueue }, params: { id: string }) => {
      enqueue.stopChild(params.id);
      enqueue.assign({ toasts: context.toasts.filter((t) => t.id !== params.id) });
    }),
    /** Held or released, every timed toast is told. */
    holdToasts: enqueueActions(({ context, enqueue }, params: { held: boolean }) => {
      enqueue.assign({ held: params.held });
      const event = { type: params.held ? ('toast.hold' as const) : ('toast.release' as const) };
      for (const toast of timed(context)) enqueue.sendTo(toast.id, event);
    }),
  },
}).createMachine({
  id: 'toasts',
  context: { toasts: [], shown: 0, held: false },
  on: {
    'toast.show': { actions: { type: 'showToast', params: ({ event }) => event } },
    'toast.dismiss': { actions: { type: 'dismissToast', params: ({ event }) => event } },
    'toast.hold': { actions: { type: 'holdToasts', params: { held: true } } },
    'toast.release': { actions: { type: 'holdToasts', params: { held: false } } },
  },
});

export type ToastsMachine = typeof toastsMachine;
