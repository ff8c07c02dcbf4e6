import { useCallback, useSyncExternalStore } from 'react';
import type { MapContext } from '../../../contract/directMail';
import { directMailCalls } from '../../system/directMailCalls';

/** Zip codes whose surroundings are kept for the page's life (a few kilobytes each). */
const KEPT = 20;
/** A zip code's surroundings: undefined while asked for, null when they could not be had. */
const contexts = new Map<string, MapContext | null | undefined>();
const listeners = new Set<() => void>();

/**
 * Asks for the surroundings of a zip code the map labels (GET /eddm/context), once per zip code: part
 * of the basemap, as tiles are, so the map asks for them itself. A failure leaves the map unlabelled
 * (logged), never broken: everything on it is in the page's words too.
 */
export function requestBasemapContext(zip: string): void {
  if (contexts.has(zip)) return;
  contexts.set(zip, undefined);
  const oldest = contexts.keys().next();
  if (contexts.size > KEPT && !oldest.done) contexts.delete(oldest.value);
  directMailCalls
    .fetchMapContext(zip)
    .catch((error: unknown) => {
      console.warn(`The map around ${zip} could not be labelled:`, error);
      return null;
    })
    .then((context) => {
      contexts.set(zip, context);
      for (const listener of listeners) listener();
    });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/**
 * The surroundings of `zip` once they are here (null before, and without a zip code). Listening for a
 * zip code's surroundings is what asks for them (once: a map that shows them has a reason to).
 */
export function useBasemapContext(zip: string | null): MapContext | null {
  const subscribeToZip = useCallback(
    (listener: () => void) => {
      if (zip) requestBasemapContext(zip);
      return subscribe(listener);
    },
    [zip],
  );
  return useSyncExternalStore(
    subscribeToZip,
    () => (zip ? (contexts.get(zip) ?? null) : null),
    () => null,
  );
}
