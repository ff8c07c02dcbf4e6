import { format } from 'date-fns';
import type { DueDate, OrderStatus, RunSpan } from '../../../contract/orders';
import { dayInWords, parseDay } from '../../../contract/schedule';

export { dayInWords };

/** An instant (ISO 8601) as the customer reads it: "Nov 23, 2026, 3:04 PM". */
export const instantInWords = (at: string): string => format(new Date(at), 'MMM d, yyyy, h:mm a');

/** How far away a due date is, in the server's calendar days: "due today", "in 3 days", "2 days late". */
export function dueInWords({ days_left: days }: DueDate): string {
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days > 1) return `in ${days} days`;
  if (days === -1) return 'yesterday';
  return `${-days} days ago`;
}

/** A run's dates: "Mar 1 – Mar 31, 2027", or one day. */
export function spanInWords({ starts, ends }: Pick<RunSpan, 'starts' | 'ends'>): string {
  if (starts === ends) return dayInWords(starts);
  const first = parseDay(starts);
  const last = parseDay(ends);
  const sameYear = first.getFullYear() === last.getFullYear();
  return `${format(first, sameYear ? 'MMM d' : 'MMM d, yyyy')} – ${format(last, 'MMM d, yyyy')}`;
}

export const STATUS_LABELS: Record<OrderStatus, string> = {
  upcoming: 'Upcoming',
  running: 'Running',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The colours of a status pill (text and background meet WCAG AA contrast). */
export const STATUS_STYLES: Record<OrderStatus, string> = {
  upcoming: 'bg-primary-50 text-primary-700',
  running: 'bg-mint-100 text-mint-700',
  completed: 'bg-cream text-ink-soft',
  cancelled: 'bg-warm text-coral-700',
};
