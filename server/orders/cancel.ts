import { format } from 'date-fns';
import type { OrderDetail, OrderRun, TimelineStep } from '../../contract/orders';
import { dayInWords } from '../../contract/schedule';
import { cancelOrder } from '../data/orders';
import type { Db } from '../db/client';
import type { Jobs } from '../jobs/queue';
import { orderDetailFor } from './answers';

/** What a cancel came to: the cancelled order, or the status and message of the refusal. */
export type CancelOutcome =
  | { status: 'cancelled'; order: OrderDetail }
  | { status: 404 | 409; message: string };

/** "the ad for the March 2027 issue", "the ad for the week of Jan 18, 2027", "the materials for the design work". */
function whatWasDue(run: OrderRun): string {
  if (run.value === null) return 'The materials for the design work were';
  const label = run.value.includes('/') ? run.label : `${run.label[0]?.toLowerCase()}${run.label.slice(1)}`;
  return `The ad for the ${label} was`;
}

export const orderNotFound = (number: string) =>
  `There is no order ${number} among your company's orders. Check the number, or find the order in your orders list.`;

/**
 * Cancels an order of the customer's company (any member of it may: the team has no roles yet), or
 * says why it cannot be: cancelled already, running or completed, or past the earliest ad-due day of
 * its runs, which the message names.
 */
export async function cancelOrderOf(
  db: Db,
  jobs: Pick<Jobs, 'inTransaction'>,
  request: { companyId: number; number: string; userId: string },
  clock: () => Date,
): Promise<CancelOutcome> {
  const result = await cancelOrder(db, jobs, request, clock);
  if (result.status === 'not-found') return { status: 404, message: orderNotFound(request.number) };
  const order = await orderDetailFor(db, request.companyId, request.number, result.now);
  if (!order) return { status: 404, message: orderNotFound(request.number) };
  switch (result.status) {
    case 'cancelled':
      return { status: 'cancelled', order };
    case 'already-cancelled': {
      const at = order.cancelled ? ` on ${format(new Date(order.cancelled.at), 'MMM d, yyyy')}` : '';
      return { status: 409, message: `Order ${order.number} was already cancelled${at}.` };
    }
    case 'running':
      return {
        status: 409,
        message: `Order ${order.number} is running${since(order, 'running', ' since')}: a running order can no longer be cancelled.`,
      };
    case 'completed':
      return {
        status: 409,
        message: `Order ${order.number} was completed${since(order, 'completed', ' on')}: there is nothing left to cancel.`,
      };
    case 'too-late': {
      const dues = order.runs.flatMap((run) => (run.ad_due ? [{ run, date: run.ad_due.date }] : []));
      const [first] = dues.sort((a, b) => a.date.localeCompare(b.date));
      const what = first ? whatWasDue(first.run) : 'The first ad was';
      const due = first ? ` on ${dayInWords(first.date)}` : '';
      return {
        status: 409,
        message: `${what} due${due}; after that date the order can no longer be cancelled.`,
      };
    }
  }
}

/** " since Jan 18, 2027": the day of a step of the order's timeline, after a word; empty without it. */
function since(order: OrderDetail, step: TimelineStep['step'], word: string): string {
  const at = order.timeline.find((s) => s.step === step)?.at;
  return at ? `${word} ${dayInWords(at)}` : '';
}
