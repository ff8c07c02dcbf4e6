import { useCallback } from 'react';
import type { Toast } from '../../../machines/toasts/toasts.machine';
import { useAppHandle } from '../AppContext';

// Apart from the toasts' other hooks, which the first page loads: only a shown toast's button needs it.

/** An actor a toast's button can send to (declared as a method: any app actor's `send` fits). */
interface Recipient {
  send(event: { type: string }): void;
}

/** How long the focus waits for what an action brings back (a restore answers well within it). */
const FOCUS_WAIT_MS = 10_000;

const usable = (element: HTMLElement | null): element is HTMLElement =>
  element !== null && element.getClientRects().length > 0 && !element.matches(':disabled');

/**
 * Keeps the focus off the page's body once the pressed button goes with its toast: on the main
 * content at once, then on `selector`'s element when it appears (and can take it), unless the person
 * has moved the focus meanwhile.
 */
function refocus(selector: string | undefined) {
  const main = document.getElementById('main');
  if (!main) return;
  main.focus({ preventScroll: true });
  if (!selector) return;
  const tryFocus = () => {
    if (document.activeElement !== main) return true;
    const target = document.querySelector<HTMLElement>(selector);
    if (!usable(target)) return false;
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'nearest' });
    return true;
  };
  if (tryFocus()) return;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), FOCUS_WAIT_MS);
  // A person who clicks, types or scrolls meanwhile has moved on: the focus is theirs.
  const moved = ['pointerdown', 'keydown', 'wheel', 'touchmove'] as const;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of moved) document.removeEventListener(type, stop, true);
  };
  for (const type of moved) document.addEventListener(type, stop, { capture: true, passive: true });
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled'],
  });
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
        const pressedInToast = document.activeElement?.closest('[aria-label="Notifications"]') != null;
        app.toasts.send({ type: 'toast.dismiss', id: toast.id });
        if (pressedInToast) refocus(toast.action?.focusAfter);
      }),
    [handle],
  );
}
