import { lazy, Suspense, useEffect, useRef } from 'react';
import { useToasts } from '../../system/hooks/toasts';

// No toast shows before the app has loaded: their code follows the page, well before the first one.
const loadToastList = () => import('./ToastList');
const ToastList = lazy(() => loadToastList().then((module) => ({ default: module.ToastList })));

/**
 * The toasts, top-right above everything (SPEC section 4). The live region is in the page from the
 * start, so a screen reader announces each toast put in it.
 */
export function ToastRegion() {
  const region = useRef<HTMLElement>(null);
  const shown = useToasts().length > 0;
  useEffect(() => {
    // A failed early load is tried again by the first toast.
    loadToastList().catch(() => {});
  }, []);
  return (
    <section
      ref={region}
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed top-header right-3 z-toast mt-3 flex w-[min(92vw,380px)] flex-col gap-2"
    >
      {shown ? (
        <Suspense fallback={null}>
          <ToastList region={region} />
        </Suspense>
      ) : null}
    </section>
  );
}
