import type { AnyRouter } from '@tanstack/react-router';

/** A promise as React's `use` reads it without suspending: its outcome written on it. */
type Tracked = Promise<unknown> & { status?: string; value?: unknown; reason?: unknown };

/** The promises a route's loader handed its page to await (`Await`), a few levels into its data. */
function promisesIn(value: unknown, depth: number, found: Tracked[]): Tracked[] {
  if (value instanceof Promise) found.push(value as Tracked);
  else if (depth > 0 && value && typeof value === 'object' && !Array.isArray(value))
    for (const inner of Object.values(value)) promisesIn(inner, depth - 1, found);
  return found;
}

/**
 * Waits for the data the open page's loaders left pending and writes each outcome on its promise,
 * so that rendering reads them at once: the server's HTML then shows the data rather than a
 * placeholder, and the browser's first render (hydration) draws the same. Answers false when
 * something failed or did not come in time: such a page is better drawn by the browser alone.
 */
export async function settleLoaderData(router: AnyRouter, timeoutMs: number): Promise<boolean> {
  const promises = router.state.matches.flatMap((match) => promisesIn(match.loaderData, 3, []));
  if (promises.length === 0) return true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const settled = Promise.all(
    promises.map((promise) =>
      promise.then(
        (value) => {
          promise.status = 'fulfilled';
          promise.value = value;
          return true;
        },
        (reason: unknown) => {
          promise.status = 'rejected';
          promise.reason = reason;
          return false;
        },
      ),
    ),
  ).then((outcomes) => outcomes.every(Boolean));
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What the page came to once its routes loaded: shown, or not found (a page of its own, answered with
 * 404), or null for anything else (an error, something still pending), which is not drawn ahead.
 */
export function pageOutcome(router: AnyRouter): 'shown' | 'notFound' | null {
  const { matches } = router.state;
  if (matches.length === 0) return null;
  if (!matches.every((match) => match.status === 'success' || match.status === 'notFound')) return null;
  // `_notFound` marks the route that shows a not-found address (no route matched it): the router
  // keeps it on the match without a public name for it.
  const notFound = matches.some(
    (match) => match.status === 'notFound' || (match as { _notFound?: boolean })._notFound === true,
  );
  return notFound ? 'notFound' : 'shown';
}
