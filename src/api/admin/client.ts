import { config } from '../../config';
import { type Answer, type CallOptions, call, callFile, type FileAnswer, type Query } from '../client';

// Stand-in until part 1's admin client lands (its staff session store and 401 handling); the merge
// keeps part 1's and points adminCall/adminFile at it.

const STAFF_SESSION_KEY = `${config.storagePrefix}:staff-session`;

/** The staff session's token, kept for the tab (sessionStorage), or null. */
export function staffToken(): string | null {
  if (typeof sessionStorage === 'undefined') return null;
  try {
    const stored = JSON.parse(sessionStorage.getItem(STAFF_SESSION_KEY) ?? 'null') as {
      token?: unknown;
    } | null;
    return typeof stored?.token === 'string' ? stored.token : null;
  } catch {
    return null;
  }
}

/** One call to /api/v1/admin with the staff session's token (never the customer's). */
export const adminCall = <T>(
  path: string,
  options: Omit<CallOptions, 'auth' | 'bearer'> = {},
): Promise<Answer<T>> => call<T>(`/admin${path}`, { ...options, bearer: staffToken() ?? '' });

/** A file from /api/v1/admin with the staff session's token. */
export const adminFile = (path: string, query: Query, fallbackName: string): Promise<FileAnswer> =>
  callFile(`/admin${path}`, query, fallbackName, staffToken() ?? '');
