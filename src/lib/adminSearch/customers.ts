import { positiveInt, type RawSearch } from '../searchParams';

/*
 * The customers list's search and page in the address (/admin/customers?q=acme&page=2), read by the
 * back office's page picker (src/features/admin/shell/StaffPages.tsx): a hand-edited link degrades
 * to the whole list instead of failing.
 */

export interface CustomersSearch {
  q?: string | undefined;
  page?: number | undefined;
}

/** Whatever the address holds, a search and a page the list can show: odd values are dropped. */
export function parseCustomersSearch(raw: RawSearch): CustomersSearch {
  const q = typeof raw.q === 'string' ? raw.q.trim().slice(0, 100) : '';
  const page = positiveInt(raw.page, 100_000);
  return { ...(q ? { q } : {}), ...(page && page > 1 ? { page } : {}) };
}
