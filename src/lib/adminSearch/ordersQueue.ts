import type { OrderQueueStatus, QueueFilters } from '../../../contract/adminOrders';
import { MEDIA_TYPES } from '../../../contract/mediaTypes';

/*
 * The queue's filters in the address (/admin/orders?status=to-book&channel=printmag), read by the
 * back office's page picker (src/features/admin/shell/StaffPages.tsx).
 */

/** The statuses the queue filters by, with the words the Status select shows. */
export const QUEUE_STATUS_LABELS: Record<OrderQueueStatus, string> = {
  upcoming: 'Upcoming',
  running: 'Running',
  completed: 'Completed',
  cancelled: 'Cancelled',
  'to-book': 'To book',
  'to-deliver': 'To deliver',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const yes = (value: unknown) => (value === 'yes' || value === true ? ('yes' as const) : undefined);

/** Whatever the address holds, filters the queue can use: unknown values are dropped, not errors. */
export function parseQueueSearch(search: Record<string, unknown>): QueueFilters {
  // As typed (the server trims it): trimmed here, the field would lose the space between two words.
  const q = text(search.q).slice(0, 100);
  const status = (Object.keys(QUEUE_STATUS_LABELS) as OrderQueueStatus[]).find((s) => s === search.status);
  const channel = MEDIA_TYPES.find((t) => t === search.channel);
  const page = Number(search.page);
  const from = text(search.due_from);
  const to = text(search.due_to);
  return {
    ...(q.trim() ? { q } : {}),
    ...(status ? { status } : {}),
    ...(DAY.test(from) ? { due_from: from } : {}),
    ...(DAY.test(to) ? { due_to: to } : {}),
    ...(yes(search.no_approved_file) ? { no_approved_file: 'yes' as const } : {}),
    ...(yes(search.needs_attention) ? { needs_attention: 'yes' as const } : {}),
    ...(channel ? { channel } : {}),
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
  };
}
