import { CircleCheck, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A message about the whole form: what went wrong and what to do, or that it worked. A success that
 * replaces the form takes the focus (`takeFocus`), so keyboard and screen-reader users land on it.
 */
export function FormAlert({
  tone,
  children,
  takeFocus = false,
}: {
  tone: 'error' | 'success';
  children: ReactNode;
  takeFocus?: boolean;
}) {
  const error = tone === 'error';
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return (
    <div
      ref={ref}
      tabIndex={takeFocus ? -1 : undefined}
      role={error ? 'alert' : 'status'}
      className={`flex items-start gap-3 rounded-xl border px-4 py-3 text-sm font-semibold ${
        error ? 'border-coral-300 bg-warm text-coral-700' : 'border-mint-300 bg-mint-50 text-mint-700'
      }`}
    >
      {error ? (
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      ) : (
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      )}
      {/* A long e-mail address breaks rather than widening the page on a phone. */}
      <div className="min-w-0 [overflow-wrap:anywhere]">{children}</div>
    </div>
  );
}
