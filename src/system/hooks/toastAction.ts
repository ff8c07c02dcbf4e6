import { useCallback } from 'react';
import type { Toast } from '../../../machines/toasts/toasts.machine';
import { useAppHandle } from '../AppContext';

// Apart from the toasts' other hooks, which the first page loads: only a shown toast's button needs it.

/** An actor a toast's button can send to (declared as a method: any app actor's `send` fits). */
interface Recipient {
  send(event: { type: string }): void;
}

/** Presses a toast's button: its event goes to the actor it names, and the toast goes away. */
export function usePressToastAction(): (toast: Toast) => void {
  const handle = useAppHandle();
  return useCallback(
    (toast) =>
      handle.whenReady((app) => {
        // Each app actor is a root of its own (no shared system to look a systemId up in), so they are named here.
        const actors: Record<string, Recipient | undefined> = { cart: app.cart, session: app.session };
        if (toast.action) actors[toast.action.to]?.send(toast.action.event);
        app.toasts.send({ type: 'toast.dismiss', id: toast.id });
      }),
    [handle],
  );
}
