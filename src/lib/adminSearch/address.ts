import { type Query, toSearchParams } from '../../api/client';

// Kept apart from lib/backOfficePath, which the storefront's first route loads: a module shared with
// the entry goes whole into the entry, and these are read only inside the back office.

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
