import { useEffect, useRef, useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * True when this component was first drawn while React adopted a page the server drew (and on the
 * server), for its whole life; false when the browser drew it. React knows per component, not per
 * page: parts of a page are adopted after the rest (each Suspense boundary in turn). It tells through
 * which snapshot it asks for first, the server's while adopting; both are the same value, so the
 * answer never redraws anything once the page is adopted.
 */
export function useDrawnByServer(): boolean {
  const drawn = useRef<boolean | null>(null);
  useSyncExternalStore(
    noSubscription,
    () => {
      drawn.current ??= false;
      return 0;
    },
    () => {
      drawn.current ??= true;
      return 0;
    },
  );
  return drawn.current === true;
}

/**
 * Placed last in the tree: its effect runs once the app's first render is committed (a drawn page
 * adopted, or a page drawn in the browser). It marks the document (`<html data-ready>`): what the
 * browser tests wait for after loading a page, as a person waits for it to respond; and calls `then`
 * (main.tsx starts the app's actors).
 */
export function AppTookOver({ then }: { then: () => void }) {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
    then();
  }, [then]);
  return null;
}
