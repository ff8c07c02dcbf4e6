import { format } from 'date-fns';
import type { OrderDetail, OrderRun, TimelineStep } from '../../contract/orders';
import { dayInWords } from '../../contract/schedule';
import { type CancelRequest, type CancelResult, cancelCheck, cancelOrder } from '../data/cancelOrder';
import type { Db } from '../db/client';
import type { Jobs } from '../jobs/queue';
import type { Logger } from '../log';
import { closeOpenPages } from '../payments/closePages';
import type { PaymentGateway } from '../payments/gateway';
import { RELEASE_AFTER_MS } from '../payments/release';
import { orderDetailFor } from './answers';
import type { OrderViewer } from './runApprovals';

/** What a cancel came to: the cancelled order, or the status and message of the refusal. */
export type CancelOutcome =
  | { status: 'cancelled'; order: OrderDetail }
  | { status: 404 | 409 | 503; message: string };

/** What a cancel works with: the database, its jobs, and Stripe (null without it) for open pages. */
export interface CancelDeps {
  db: Db;
  jobs: Jobs;
  gateway: PaymentGateway | null;
  logger: Logger;
  clock: () => Date;
}

const PAGE_NOT_CLOSED =
  'Card payment is not answering right now, and a payment page of this order’s invoice is still open, so the order is not cancelled: try again in a minute.';

/** "the ad for the March 2027 issue", "the ad for the week of Jan 18, 2027", "the materials for the design work". */
function whatWasDue(run: OrderRun): string {
  if (run.value === null) return 'The materials for the design work were';
  const label = run.value.includes('/') ? run.label : `${run.label[0]?.toLowerCase()}${run.label.slice(1)}`;
  return `The ad for the ${label} was`;
}

export const orderNotFound = (number: string) =>
  `There is no order ${number} among your company's orders. Check the number, or find the order in your orders list.`;

/** "09:35 UTC": a time of today, as the release job keeps it. */
const timeOfDay = (at: Date) => `${at.toISOString().slice(11, 16)} UTC`;

/**
 * Cancels an order of the customer's company (any member of it may: the team has no roles yet), or
 * says why it cannot be: cancelled already, running or completed, past the earliest ad-due day of
 * its runs (which the message names), or waiting for its card checkout's payment. The invoice's open
 * Pay now pages are closed at Stripe first (not for a cancel that is refused anyway); a page Stripe
 * cannot be asked to close leaves the order as it is.
 */
export async function cancelOrderOf(
  deps: CancelDeps,
  request: CancelRequest,
  viewer?: Omit<OrderViewer, 'companyId'>,
): Promise<CancelOutcome> {
  const { db } = deps;
  const checked = await cancelCheck(db, request, deps.clock());
  let result: CancelResult;
  if (checked.status !== 'cancellable') result = checked;
  else if (checked.invoiceId !== null && !(await closeOpenPages(deps, checked.invoiceId)))
    return { status: 503, message: PAGE_NOT_CLOSED };
  else result = await cancelOrder(db, deps.jobs, request, deps.clock);
  if (result.status === 'not-found') return { status: 404, message: orderNotFound(request.number) };
  // The customer's answer is their order page as GET /orders/{n} gives it, run approvals included.
  const order = await orderDetailFor(db, request.companyId, request.number, result.now, viewer);
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
    case 'awaiting-payment':
      return {
        status: 409,
        message: `This order waits for its card payment: pay it, or it is released at ${timeOfDay(new Date(result.payBy.getTime() + RELEASE_AFTER_MS))} if it is not paid.`,
      };
    case 'payment-under-way':
      return {
        status: 409,
        message: `A payment of invoice ${result.invoice} is under way, so order ${order.number} is not cancelled: look again in a few minutes.`,
      };
  }
}

/** " since Jan 18, 2027": the day of a step of the order's timeline, after a word; empty without it. */
function since(order: OrderDetail, step: TimelineStep['step'], word: string): string {
  const at = order.timeline.find((s) => s.step === step)?.at;
  return at ? `${word} ${dayInWords(at)}` : '';
}
