import { type Answer, type CallOptions, call } from '../client';

// Stand-in for part 1's back-office client (issue 31): the merge keeps part 1's file. The staff token
// lives in sessionStorage under `adlaneBackOffice`, never in the storefront's store or a cookie.

const STAFF_STORE = 'adlaneBackOffice';

function staffToken(): string | undefined {
  if (typeof sessionStorage === 'undefined') return undefined;
  try {
    const stored = JSON.parse(sessionStorage.getItem(STAFF_STORE) ?? 'null') as { token?: unknown } | null;
    return typeof stored?.token === 'string' ? stored.token : undefined;
  } catch {
    return undefined;
  }
}

/** One call to /api/v1/admin with the staff session's token. */
export const adminCall = <T>(
  path: string,
  options: Omit<CallOptions, 'auth' | 'bearer'> = {},
): Promise<Answer<T>> => call<T>(`/admin${path}`, { ...options, bearer: staffToken() });
