import { CircleCheck, TriangleAlert, X } from 'lucide-react';
import { type RefObject, useCallback } from 'react';
import { usePressToastAction } from '../../system/hooks/toastAction';
import { useSendToToasts, useToasts } from '../../system/hooks/toasts';
import { holdWhileOn } from './holdWhileOn';
import { useKeepClear } from './useKeepClear';

/**
 * The toasts in their region: success and error variants, each with a close button and maybe an
 * action (Undo). They move aside from an open panel and from the control that caused them
 * (useKeepClear), and wait while the pointer or the focus is on them (holdWhileOn).
 */
export function ToastList({ region }: { region: RefObject<HTMLElement | null> }) {
  const toasts = useToasts();
  const sendToToasts = useSendToToasts();
  const pressAction = usePressToastAction();
  const watchPresses = useKeepClear(region, toasts.at(-1)?.id ?? null);
  // Bound while the list is shown: presses anywhere are watched, and the pointer or the focus on the
  // toasts holds them.
  const list = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) return;
      const stopWatching = watchPresses();
      const stopHolding = holdWhileOn(element, sendToToasts);
      return () => {
        stopWatching();
        stopHolding();
      };
    },
    [watchPresses, sendToToasts],
  );
  // `contents`: the toasts stay the region's own flex items.
  return (
    <div ref={list} className="contents">
      {toasts.map((toast) => {
        const error = toast.variant === 'error';
        return (
          <div
            key={toast.id}
            role={error ? 'alert' : 'status'}
            className={`pointer-events-auto flex items-start gap-3 rounded-xl border bg-white px-4 py-3 text-sm font-semibold shadow-xl shadow-primary-900/10 ${
              error ? 'border-coral-300 text-coral-700' : 'border-mint-300 text-mint-700'
            }`}
          >
            {error ? (
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            ) : (
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            )}
            <p id={`${toast.id}-message`} className="flex-1 text-ink">
              {toast.message}
            </p>
            {toast.action ? (
              <button
                type="button"
                // Two toasts may each have an Undo: the message says which removal this one undoes.
                aria-describedby={`${toast.id}-message`}
                onClick={() => pressAction(toast)}
                className="-my-1 shrink-0 rounded-lg px-2 py-1 font-bold text-primary-700 underline underline-offset-2 hover:bg-primary-50"
              >
                {toast.action.label}
              </button>
            ) : null}
            <button
              type="button"
              onClick={() => sendToToasts({ type: 'toast.dismiss', id: toast.id })}
              className="-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-primary-50"
              aria-label="Dismiss"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
