import { Await, CatchBoundary, useRouter } from '@tanstack/react-router';
import { RotateCw, TriangleAlert } from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { useApp } from '../../system/AppContext';
import { Button } from '../../ui/Button';

/** Shown in place of a section whose data did not load; the rest of the page stays. */
function SectionError({ error }: { error: unknown }) {
  const router = useRouter();
  const detail = error instanceof Error ? error.message : 'Something went wrong';
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-coral-100 bg-warm px-4 py-4"
    >
      <p className="flex items-center gap-2 font-semibold text-coral-700">
        <TriangleAlert aria-hidden="true" className="size-5" />
        {detail}. This part of the page could not be loaded.
      </p>
      <Button variant="secondary" onClick={() => void router.invalidate()}>
        <RotateCw aria-hidden="true" className="size-4" />
        Try again
      </Button>
    </div>
  );
}

export function SectionSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading" className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, i) => `row-${i}`).map((key) => (
        <div key={key} className="h-5 animate-pulse rounded bg-primary-50 motion-reduce:animate-none" />
      ))}
    </div>
  );
}

/** A number per promise: a section's error is cleared when its loader hands it a new promise. */
const promiseIds = new WeakMap<Promise<unknown>, number>();
let lastPromiseId = 0;
const idOf = (promise: Promise<unknown>) => {
  let id = promiseIds.get(promise);
  if (id === undefined) {
    lastPromiseId += 1;
    id = lastPromiseId;
    promiseIds.set(promise, id);
  }
  return id;
};

/**
 * A part of the detail page with its own data: its heading, a skeleton while the data comes, its
 * content, or an error with a way to try again, without holding up or breaking the rest of the page.
 * `needsApp`: the content runs actors of its own (a quote), so the skeleton stays until the app's
 * actors have loaded (a page the server drew is shown before they have).
 */
export function DetailSection<T>({
  id,
  title,
  intro,
  promise,
  needsApp = false,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  promise: Promise<T>;
  needsApp?: boolean;
  children: (data: T) => ReactNode;
}) {
  const app = useApp();
  const waiting = needsApp && app === null;
  return (
    <section aria-labelledby={id} className="rounded-3xl border border-primary-100 bg-white p-6 shadow-sm">
      <h2 id={id} className="font-display text-2xl font-bold text-primary-900">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-ink-soft">{intro}</p> : null}
      <div className="mt-5">
        <CatchBoundary
          getResetKey={() => `${id}-${idOf(promise)}`}
          errorComponent={({ error }) => <SectionError error={error} />}
        >
          <Suspense fallback={<SectionSkeleton />}>
            <Await promise={promise}>{(data) => (waiting ? <SectionSkeleton /> : children(data))}</Await>
          </Suspense>
        </CatchBoundary>
      </div>
    </section>
  );
}
