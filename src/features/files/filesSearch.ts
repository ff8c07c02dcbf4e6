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

/** Whatever the address holds, a search the page can use: unknown values are dropped, not errors. */
export function parseFilesSearch(search: Record<string, unknown>): FilesSearch {
  const order = typeof search.order === 'string' ? search.order.toUpperCase() : '';
  const run = typeof search.run === 'string' ? search.run : '';
  const view = FILE_VIEWS.find((v) => v === search.view);
  return {
    ...(ORDER_NUMBER.test(order) ? { order } : {}),
    ...(ORDER_NUMBER.test(order) && RUN_VALUE.test(run) ? { run } : {}),
    ...(view && view !== 'all' ? { view } : {}),
    placement: text(search.placement, 200),
    sheet: text(search.sheet, 80),
    // Checked to be an id where the page reads it (filesHref.ts): the first bundle carries this parser.
    person: text(search.person, 36),
  };
}
