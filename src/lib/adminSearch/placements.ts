import { MEDIA_TYPES, type MediaType } from '../../../contract/mediaTypes';
import { PLACEMENT_SORTS } from '../../../contract/placementSorts';
import { oneOf, positiveInt } from '../searchParams';

/** /admin/placements?q=&channel=&market=&published=&sort=&dir=&page=: the table as the address says. */
export interface PlacementsSearch {
  q?: string;
  channel?: MediaType;
  market?: string;
  published?: 'yes' | 'no';
  sort?: (typeof PLACEMENT_SORTS)[number];
  dir?: 'asc' | 'desc';
  page?: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Whatever the address holds, a search the page can use: unknown values are dropped, not errors. */
export function parsePlacementsSearch(search: Record<string, unknown>): PlacementsSearch {
  const q = text(search.q).slice(0, 100);
  const channel = oneOf(search.channel, MEDIA_TYPES);
  const market = text(search.market).toUpperCase();
  const published = search.published === 'yes' || search.published === 'no' ? search.published : undefined;
  const sort = oneOf(search.sort, PLACEMENT_SORTS);
  const dir = search.dir === 'desc' ? 'desc' : undefined;
  const page = positiveInt(search.page, Number.MAX_SAFE_INTEGER);
  return {
    ...(q ? { q } : {}),
    ...(channel ? { channel } : {}),
    ...(/^[A-Z0-9]{1,20}$/.test(market) ? { market } : {}),
    ...(published ? { published } : {}),
    ...(sort && sort !== 'name' ? { sort } : {}),
    ...(dir ? { dir } : {}),
    ...(page && page > 1 ? { page } : {}),
  };
}
