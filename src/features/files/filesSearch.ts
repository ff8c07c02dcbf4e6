import { FILE_VIEWS } from '../../../contract/fileViews';
import { ORDER_NUMBER } from '../../../contract/orderTabs';
import { text } from '../../lib/searchParams';

/**
 * /files?order=&run=&view=&placement=&sheet=&person=: the order's run an upload is for, and which
 * files the library shows (issue 33: by placement, spec sheet and who sent them).
 */
export interface FilesSearch {
  order?: string;
  run?: string;
  view?: (typeof FILE_VIEWS)[number];
  placement?: string;
  sheet?: string;
  person?: string;
}

const RUN_VALUE = /^\d{4}(\/\d{2}|-\d{2}-\d{2})$/;
const SHEET = /^[a-z0-9-]{1,80}$/;
const PERSON = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whatever the address holds, a search the page can use: unknown values are dropped, not errors. */
export function parseFilesSearch(search: Record<string, unknown>): FilesSearch {
  const order = typeof search.order === 'string' ? search.order.toUpperCase() : '';
  const run = typeof search.run === 'string' ? search.run : '';
  const view = FILE_VIEWS.find((v) => v === search.view);
  const placement = text(search.placement, 200);
  const sheet = typeof search.sheet === 'string' && SHEET.test(search.sheet) ? search.sheet : undefined;
  const person =
    typeof search.person === 'string' && PERSON.test(search.person.toLowerCase())
      ? search.person.toLowerCase()
      : undefined;
  return {
    ...(ORDER_NUMBER.test(order) ? { order } : {}),
    ...(ORDER_NUMBER.test(order) && RUN_VALUE.test(run) ? { run } : {}),
    ...(view && view !== 'all' ? { view } : {}),
    ...(placement ? { placement } : {}),
    ...(sheet ? { sheet } : {}),
    ...(person ? { person } : {}),
  };
}

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
