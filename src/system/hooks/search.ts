import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { SnapshotFrom } from 'xstate';
import type {
  SearchDrawerEvent,
  SearchDrawerMachine,
} from '../../../machines/searchDrawer/searchDrawer.machine';
import { useApp, useAppHandle } from '../AppContext';

type SearchSnapshot = SnapshotFrom<SearchDrawerMachine>;

const selectQuery = (s: SearchSnapshot | undefined) => s?.context.query ?? '';
const selectLocationsOnly = (s: SearchSnapshot | undefined) => s?.context.locationsOnly ?? false;
const selectDrawerOpen = (s: SearchSnapshot | undefined) => s?.matches({ drawer: 'open' }) ?? false;
const selectDropdownOpen = (s: SearchSnapshot | undefined) => s?.matches({ dropdown: 'open' }) ?? false;
const selectStalled = (s: SearchSnapshot | undefined) => s?.hasTag('stalled') ?? false;
const selectFailure = (s: SearchSnapshot | undefined): SearchFailure => {
  if (!s?.hasTag('failed')) return null;
  return s.matches({ results: { failed: 'stillUnavailable' } }) ? 'stillUnavailable' : 'unavailable';
};
const selectFreshStarts = (s: SearchSnapshot | undefined) => s?.context.freshStarts ?? 0;

/** How the search in the box failed: at first, or again after Try again; null while it has not. */
export type SearchFailure = 'unavailable' | 'stillUnavailable' | null;

/** The text in the search box (shared by the drawer and the inline search). */
export const useSearchQuery = (): string => useSelector(useApp()?.search, selectQuery);
export const useLocationsOnly = (): boolean => useSelector(useApp()?.search, selectLocationsOnly);
export const useSearchDrawerOpen = (): boolean => useSelector(useApp()?.search, selectDrawerOpen);
export const useSearchDropdownOpen = (): boolean => useSelector(useApp()?.search, selectDropdownOpen);
/** No results 200 ms after the last keystroke (SPEC section 4): say that search is still working. */
export const useSearchStalled = (): boolean => useSelector(useApp()?.search, selectStalled);
export const useSearchFailure = (): SearchFailure => useSelector(useApp()?.search, selectFailure);
/** Changes each time the search client must start afresh (after a failure): a key for it. */
export const useSearchFreshStarts = (): number => useSelector(useApp()?.search, selectFreshStarts);

/** Sends to the search drawer, now or once it exists (typing before the machines arrive is kept). */
export function useSendToSearch(): (event: SearchDrawerEvent) => void {
  const handle = useAppHandle();
  return useCallback((event) => handle.whenReady((app) => app.search.send(event)), [handle]);
}
