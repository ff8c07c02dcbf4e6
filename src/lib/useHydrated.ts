import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React adopts a page the server drew (and on the server), true once the page's script
 * runs it: what must not work before then (a form the browser would otherwise send itself) can wait.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
