import { type Query, toSearchParams } from '../api/client';

/** The back office (/admin) is the staff's: it draws its own frame and has no customer chat or analytics. */
export const isBackOfficePath = (pathname: string): boolean =>
  pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * Whether a move inside the app crosses into or out of the back office. The app starts the customer
 * chat and analytics or not once, for the side it opened on (src/system/app.ts), so such a move loads
 * the page afresh instead.
 */
export const crossesBackOffice = (from: string | undefined, to: string): boolean =>
  from !== undefined && isBackOfficePath(from) !== isBackOfficePath(to);

// A malformed escape in a typed address is kept as it is (the page then finds no such record).
const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** A back-office address read as its section (`''` for /admin), a record's id, and anything past that. */
export function backOfficePage(pathname: string): {
  section: string;
  id: string | undefined;
  rest: string[];
} {
  const [section = '', id, ...rest] = pathname.split('/').filter(Boolean).slice(1).map(decoded);
  return { section, id, rest };
}

/** The staff sign-in page, which sends back to `back` once signed in. */
export const staffSignInHref = (back: string): string => `/admin/login?redirect=${encodeURIComponent(back)}`;

/** A back-office path with its search, the absent and empty values left out. */
export function adminHref(path: string, search: Query): string {
  const query = toSearchParams(search).toString();
  return query ? `${path}?${query}` : path;
}
