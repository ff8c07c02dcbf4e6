import { useSyncExternalStore } from 'react';
import { searchSnapshot, subscribeToSystem } from '../session/sessionLoader';

const select = <T>(pick: (snapshot: NonNullable<ReturnType<typeof searchSnapshot>>) => T, fallback: T) =>
  useSyncExternalStore(subscribeToSystem, () => {
    const snapshot = searchSnapshot();
    return snapshot ? pick(snapshot) : fallback;
  });

/** The text in the search box (shared by the drawer and the inline search). */
export const useSearchQuery = () => select((s) => s.context.query, '');
export const useLocationsOnly = () => select((s) => s.context.locationsOnly, false);
export const useSearchDrawerOpen = () => select((s) => s.matches({ drawer: 'open' }), false);
export const useSearchDropdownOpen = () => select((s) => s.matches({ dropdown: 'open' }), false);
/** No results 200 ms after the last keystroke (SPEC section 4): say that search is still working. */
export const useSearchStalled = () => select((s) => s.hasTag('stalled'), false);
