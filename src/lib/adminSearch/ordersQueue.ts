import type { OrderQueueStatus, QueueFilters } from '../../../contract/adminOrders';
import { MEDIA_TYPES } from '../../../contract/mediaTypes';
import { day, oneOf, positiveInt } from '../searchParams';

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

const QUEUE_STATUSES = Object.keys(QUEUE_STATUS_LABELS) as OrderQueueStatus[];
// Unlike searchParams' text, as typed: trimmed, the field would lose the space between two words.
const asTyped = (value: unknown) => (typeof value === 'string' ? value : '');
const yes = (value: unknown) => (value === 'yes' || value === true ? ('yes' as const) : undefined);

/** Whatever the address holds, filters the queue can use: unknown values are dropped, not errors. */
export function parseQueueSearch(search: Record<string, unknown>): QueueFilters {
  // The server trims it.
  const q = asTyped(search.q).slice(0, 100);
  const status = oneOf(search.status, QUEUE_STATUSES);
  const channel = oneOf(search.channel, MEDIA_TYPES);
  const page = positiveInt(search.page, Number.MAX_SAFE_INTEGER);
  const from = day(search.due_from);
  const to = day(search.due_to);
  return {
    ...(q.trim() ? { q } : {}),
    ...(status ? { status } : {}),
    ...(from ? { due_from: from } : {}),
    ...(to ? { due_to: to } : {}),
    ...(yes(search.no_approved_file) ? { no_approved_file: 'yes' as const } : {}),
    ...(yes(search.needs_attention) ? { needs_attention: 'yes' as const } : {}),
    ...(channel ? { channel } : {}),
    ...(page && page > 1 ? { page } : {}),
  };
}
