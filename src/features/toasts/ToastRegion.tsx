import { CircleCheck, TriangleAlert, X } from 'lucide-react';
import { useRef } from 'react';
import { useSendToToasts, useToasts } from '../../system/hooks/toasts';
import { useKeepClear } from './useKeepClear';

/**
 * The toasts, top-right above everything: success and error variants, each with a close button.
 * They move aside from an open panel and from the control that caused them (useKeepClear).
 */
export function ToastRegion() {
  const toasts = useToasts();
  const sendToToasts = useSendToToasts();
  const region = useRef<HTMLElement>(null);
  useKeepClear(region, toasts.at(-1)?.id ?? null);
  return (
    <section
      ref={region}
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed top-header right-3 z-toast mt-3 flex w-[min(92vw,380px)] flex-col gap-2"
    >
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
            <p className="flex-1 text-ink">{toast.message}</p>
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
    </section>
  );
}
