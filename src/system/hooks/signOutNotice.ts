import { useSyncExternalStore } from 'react';
import { useApp } from '../AppContext';

const noNotice = () => null;
const noNotices = () => () => {};

/**
 * The company whose team the person was just removed from (why they were signed out), or null. Apart
 * from the session's hooks: only the sign-in page reads it, and the first bundle need not carry it.
 */
export function useAccessRemovedFrom(): string | null {
  const notice = useApp()?.signOutNotice;
  return useSyncExternalStore(notice?.subscribe ?? noNotices, notice?.removedFrom ?? noNotice, noNotice);
}
