import { differenceInCalendarDays } from 'date-fns';
import type { BillingContact } from '../../contract/cart';
import { DESIGN_RUN } from '../../contract/design';
import { centsToDollars, formatCents, formatCount } from '../../contract/money';
import type { DueDate, OrderDetail, OrderRun, OrderSummary, RunAdFile, RunSpan } from '../../contract/orders';
import { isoDay } from '../../contract/schedule';
import { mediaPath } from '../../contract/shopPaths';
import type { Placement } from '../catalogue/placement';
import { removedMedia, toCartItem } from '../checkout/view';
import { type OrderRunRow, runKeyOf } from '../data/orderRuns';
import type { OrderRecord, Person } from '../data/orders';
import { boughtRoutesOf } from '../directMail/boughtRoutes';
import { plural, salesRule } from '../pricing/rules';
import { bookingOf, deliveryOf, fulfilledAt, type KeptRuns, NOTHING_KEPT } from './fulfilment';
import { runsWithKeptDue } from './keptRuns';
import { type Run, spanOfRuns } from './runs';
import { statusAt, statusOfRow } from './status';
import { pricingOf } from './terms';
import { timelineOf } from './timeline';

/** A day something is due, and how many of the server's calendar days are left until it (0: today). */
export const dueOn = (date: Date, now: Date): DueDate => ({
  date: isoDay(date),
  days_left: differenceInCalendarDays(date, now),
});

const spanView = (run: Run): RunSpan => ({
  label: run.label,
  starts: isoDay(run.starts),
  ends: isoDay(run.ends),
});

/** An order's runs and its status at `now`, worked out once for its views. */
function facts(record: OrderRecord, placement: Placement | null, kept: readonly OrderRunRow[], now: Date) {
  const { order } = record;
  const runs = runsWithKeptDue(record, placement, kept);
  return { runs, status: statusOfRow(order, now), shown: placement ?? removedMedia(record.item.mediacode) };
}

/** A row of an orders list (contract `orderSummary`). */
export function orderSummaryOf(
  record: OrderRecord,
  placement: Placement | null,
  /** Its order_runs rows: the ad-due days kept when it was placed. */
  kept: readonly OrderRunRow[],
  now: Date,
  /**
   * The runs (date values) whose ad is approved already: their deadline is no longer to meet. Design
   * work's run is DESIGN_RUN: handed in once its brief is sent (or a proof approved).
   */
  handedIn: ReadonlySet<string> = new Set(),
  /** Its card checkout is not paid yet (server/data/checkoutPayments.ts). */
  awaitingPayment = false,
): OrderSummary {
  const { order, item } = record;
  const { runs, status, shown } = facts(record, placement, kept, now);
  const live = status !== 'cancelled';
  const next = live ? runs.find((run) => now <= run.ends) : undefined;
  const shownRun = next ?? runs.at(-1);
  const adDues = live
    ? runs.filter((run) => now < run.starts && !handedIn.has(run.value ?? DESIGN_RUN)).map((run) => run.adDue)
    : [];
  const soonest = adDues.reduce<Date | null>((min, due) => (min && min <= due ? min : due), null);
  return {
    number: order.number,
    title: toCartItem(item, shown).summary.summary_title,
    market: shown.market,
    image: shown.image,
    mediacode: item.mediacode,
    media_type: shown.media_type,
    status,
    run: shownRun ? spanView(shownRun) : null,
    run_is_next: next !== undefined,
    next_ad_due: soonest ? dueOn(soonest, now) : null,
    total: centsToDollars(order.totalCents),
    total_formatted: formatCents(order.totalCents),
    placed_at: order.placedAt.toISOString(),
    awaiting_payment: awaitingPayment,
  };
}

/** What the order page needs of a file sent for one of its runs. */
export interface RunFile {
  id: string;
  name: string;
  runValue: string | null;
  status: string;
  approvedAt: Date | null;
  checks: { result: string; message: string }[];
  /** Issue 31: our production team's review and its note. */
  review: 'accepted' | 'returned' | null;
  reviewNote: string | null;
}

/** What the customer reads of a file our production team sent back. */
export const returnedProblem = (note: string) => `Sent back by our production team: ${note}`;

/**
 * A run's ad from the files sent for it, newest first: the approved one wins, else the latest. Undated
 * design work (`value` null) has an ad only once a proof is approved: the file kept under DESIGN_RUN.
 */
export function runAdOf(files: readonly RunFile[], value: string | null): RunAdFile | null {
  const mine = files.filter((file) => file.runValue === (value ?? DESIGN_RUN));
  const approved = mine.find((file) => file.approvedAt !== null);
  if (approved)
    return {
      state: 'approved',
      file: { id: approved.id, name: approved.name },
      problems: [],
      note: approved.reviewNote,
      approval: null,
    };
  if (value === null) return null;
  const latest = mine[0];
  if (!latest) return { state: 'missing', file: null, problems: [], note: null, approval: null };
  const note = latest.reviewNote;
  if (latest.review === 'returned')
    return {
      state: 'attention',
      file: { id: latest.id, name: latest.name },
      problems: [returnedProblem(note ?? '')],
      note,
      approval: null,
    };
  const problems = latest.checks.filter((check) => check.result === 'failed').map((check) => check.message);
  const state =
    latest.status === 'uploading' || latest.status === 'checking'
      ? 'checking'
      : latest.status === 'passed'
        ? 'ready'
        : 'attention';
  return { state, file: { id: latest.id, name: latest.name }, problems, note, approval: null };
}

/** Who placed and who cancelled an order, when their accounts still exist. */
export interface OrderPeople {
  placedBy: Person | null;
  cancelledBy: Person | null;
}

/** Everything about one order (contract `orderDetail`). */
export function orderDetailOf(
  record: OrderRecord,
  placement: Placement | null,
  people: OrderPeople,
  now: Date,
  files: readonly RunFile[] = [],
  kept: KeptRuns = NOTHING_KEPT,
): OrderDetail {
  const { order, item } = record;
  const { runs, status, shown } = facts(record, placement, kept.rows, now);
  const keptRun = new Map(kept.rows.map((row) => [row.run, row]));
  const pricing = order.pricing ?? pricingOf(item, placement, order.totalCents);
  // The kept dates are the truth (an order from before them has its runs' instead).
  const span = spanOfRuns(runs);
  const startsAt = order.startsAt ?? span.startsAt;
  const endsAt = order.endsAt ?? span.endsAt;
  const cancelBy = order.cancelBy ?? span.cancelBy;
  const runViews: OrderRun[] = runs.map((run) => ({
    ...spanView(run),
    value: run.value,
    ad_due: order.cancelledAt ? null : dueOn(run.adDue, now),
    price: centsToDollars(run.priceCents),
    price_formatted: formatCents(run.priceCents),
    status: order.cancelledAt
      ? 'cancelled'
      : statusAt({ cancelledAt: null, startsAt: run.starts, endsAt: run.ends }, now),
    ad_file: runAdOf(files, run.value),
    booking: bookingOf(keptRun.get(runKeyOf(run))),
    delivery: deliveryOf(keptRun.get(runKeyOf(run)), kept),
  }));
  const rule = salesRule(shown.media_type);
  return {
    ...orderSummaryOf(record, placement, kept.rows, now),
    placement: { name: shown.name, path: placement ? mediaPath(placement) : null },
    quantity: item.quantity,
    quantity_label: `${formatCount(item.quantity)} ${plural(item.quantity, rule.quantityNoun)}`,
    runs: runViews,
    lines: pricing.lines.map((line) => ({ label: line.label, amount: centsToDollars(line.amount_cents) })),
    subtotal: centsToDollars(pricing.subtotal_cents),
    discount: centsToDollars(pricing.discount_cents),
    discount_formatted: formatCents(pricing.discount_cents),
    billing: order.billing as BillingContact,
    placed_by: people.placedBy,
    cancelled: order.cancelledAt ? { at: order.cancelledAt.toISOString(), by: people.cancelledBy } : null,
    cancel_until: status === 'upcoming' && now <= cancelBy ? dueOn(cancelBy, now) : null,
    can_book_again: status === 'completed' || status === 'cancelled',
    timeline: timelineOf(
      {
        placedAt: order.placedAt,
        cancelledAt: order.cancelledAt,
        adDue: cancelBy,
        startsAt,
        endsAt,
        runs,
        ...fulfilledAt(kept.rows),
      },
      now,
    ),
    invoice: null,
    design: null,
    bought_routes: boughtRoutesOf(item.details),
  };
}
