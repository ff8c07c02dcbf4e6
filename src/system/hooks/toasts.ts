import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { Toast, ToastsEvent, ToastsMachine } from '../../../machines/toasts/toasts.machine';
import { useApp, useAppHandle } from '../AppContext';

const NONE: readonly Toast[] = [];
const selectToasts = (s: SnapshotFrom<ToastsMachine> | undefined) => s?.context.toasts ?? NONE;

export const useToasts = (): readonly Toast[] => useSelector(useApp()?.toasts, selectToasts);

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

/** Sends to the toasts, now or once they exist. */
export function useSendToToasts(): (event: ToastsEvent) => void {
  const handle = useAppHandle();
  return useCallback((event) => handle.whenReady((app) => app.toasts.send(event)), [handle]);
}
