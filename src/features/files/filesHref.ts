import type { FilesSearch } from './filesSearch';

// Apart from filesSearch.ts, whose parser the route tree (and so the first bundle) carries: only the
// files page and its parts need these.

/** The address of the library with this search; empty values are left out. */
export function filesHref(search: FilesSearch): string {
  const params = new URLSearchParams();
  for (const key of ['order', 'run', 'view', 'placement', 'sheet', 'person'] as const) {
    const value = search[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `/files?${query}` : '/files';
}

/** Whether the library is narrowed by anything but the upload's run. */
export const isFiltered = (search: FilesSearch): boolean =>
  Boolean(search.order || search.view || search.placement || search.sheet || search.person);

const PERSON = /^[\da-f]{8}(-[\da-f]{4}){3}-[\da-f]{12}$/;

/** The person of the search when it is an id (the server refuses anything else): else no filter. */
export const personOf = (search: FilesSearch): string | null =>
  search.person && PERSON.test(search.person) ? search.person : null;
