import { z } from 'zod';
import { runApprovalState } from './approvalRequests';
import { billingContact, cart, ORDER_STATUSES } from './cart';
import { designView } from './design';
import { boughtRoute } from './directMail';
import { ORDER_SEARCH_MAX, ORDER_TABS, type OrderTab } from './orderTabs';
import { pageParam } from './params';

/**
 * The orders half of the dashboard (issue 15): lists by tab, an order's page, cancelling and booking
 * again. An order's status is never stored: the server computes it from its clock and the runs' dates.
 */

export { ORDER_NUMBER, ORDER_SEARCH_MAX, ORDER_TABS, ORDERS_PER_PAGE, type OrderTab } from './orderTabs';

/** The status of an order or of one of its runs. */
export const orderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatus>;

const tab = z.enum(ORDER_TABS, {
  error: (issue) => `Unknown order list "${String(issue.input)}". Use one of: ${ORDER_TABS.join(', ')}.`,
});

/** GET /orders (status, page, q): one page of a tab, 20 orders. */
export const ordersListQuery = z.object({
  status: tab.default('upcoming'),
  page: pageParam,
  q: z
    .string()
    .trim()
    .max(ORDER_SEARCH_MAX, `Search with at most ${ORDER_SEARCH_MAX} characters.`)
    .optional()
    .transform((q) => q || undefined),
});

/** GET /orders.csv (status): every order of a tab, or all of them without one. */
export const ordersCsvQuery = z.object({ status: tab.optional() });

/** A calendar day, YYYY-MM-DD (the server's local day; a deadline ends at 23:59:59 of it). */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A date an order runs, as a list row shows it: "the next run or the last one". */
export const runSpan = z.object({
  /** "March 2027 issue", "Week of Jan 18, 2027", "Drop week of Jan 18, 2027", "Design work". */
  label: z.string(),
  starts: day,
  ends: day,
});
export type RunSpan = z.infer<typeof runSpan>;

/** When an ad is due and how many of the server's calendar days are left (0: today, negative: late). */
export const dueDate = z.object({ date: day, days_left: z.number().int() });
export type DueDate = z.infer<typeof dueDate>;

/** One row of an orders list. */
export const orderSummary = z.object({
  number: z.string(),
  title: z.string(),
  market: z.string(),
  image: z.string(),
  mediacode: z.string(),
  media_type: z.string(),
  status: orderStatus,
  /** The next run not yet ended; once all have ended (or the order is cancelled), the last one. */
  run: runSpan.nullable(),
  run_is_next: z.boolean(),
  /** The soonest ad-due date of the runs not yet started; null when none is left (or cancelled). */
  next_ad_due: dueDate.nullable(),
  total: z.number(),
  total_formatted: z.string(),
  placed_at: z.string(),
  /** Placed to be paid by card and not paid yet: it stands once paid, or is released (issue 30). */
  awaiting_payment: z.boolean(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

/** GET /orders: a page of a tab, with the counts of every tab (meta carries page, pages and total). */
export const ordersPage = z.object({
  orders: z.array(orderSummary),
  counts: z.object({ upcoming: z.number().int(), running: z.number().int(), past: z.number().int() }),
});
export type OrdersPage = z.infer<typeof ordersPage>;

/** GET /orders's query: a tab, a page of it and a search (empty: none). The orders list's address says the same. */
export interface OrdersListKey {
  tab: OrderTab;
  page: number;
  q: string;
}

/** A page of a tab as GET /orders answers it, with where it sits among the tab's pages (its meta). */
export interface OrdersListAnswer extends OrdersPage {
  page: number;
  pages: number;
  total: number;
}

/**
 * The ad of one run (issue 16): `missing` (no file yet), `checking` (uploading or being checked),
 * `attention` (the latest file failed a check: `problems` says what), `ready` (the latest file passed:
 * approve it), `approved`. `file` is the approved file, else the latest one sent.
 */
export const RUN_AD_STATES = ['missing', 'checking', 'attention', 'ready', 'approved'] as const;
export const runAdFile = z.object({
  state: z.enum(RUN_AD_STATES),
  file: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The failed checks' sentences of the latest file. */
  problems: z.array(z.string()),
  /** Issue 31: what our production team said when it accepted the file or sent it back. */
  note: z.string().nullable(),
  /**
   * Issue 33: the shown file's approval for this run, as the signed-in customer reads it (who asked,
   * who decided, what Approve does for them), so the order page needs no call per run. Null with no
   * file, or on the back office's view of the order.
   */
  approval: runApprovalState.nullable(),
});
export type RunAdFile = z.infer<typeof runAdFile>;

// Issue 31, part 3: what the back office did for a run (booked, delivered with proof).

/** What proves a run ran, by channel (server/admin/proofs.ts says which channel takes which). */
export const PROOF_KINDS = [
  'tear-sheet',
  'photo',
  'proof-of-play',
  'drop-confirmation',
  'delivery-report',
] as const;
export type ProofKind = (typeof PROOF_KINDS)[number];

/** A proof's kind as a customer reads it: "View tear sheet". */
export const PROOF_KIND_LABELS: Record<ProofKind, string> = {
  'tear-sheet': 'tear sheet',
  photo: 'photo',
  'proof-of-play': 'proof of play',
  'drop-confirmation': 'drop confirmation',
  'delivery-report': 'delivery report',
};

export const runProof = z.object({
  id: z.string(),
  kind: z.enum(PROOF_KINDS),
  /** The kind in words ("tear sheet"). */
  label: z.string(),
  /** The file's name as uploaded. */
  name: z.string(),
  /** "Dropped Jan 19, 2027, 5,000 pieces", "41,250 impressions"; null when the file says it all. */
  details: z.string().nullable(),
  /** Where the customer (or, on the back office's order, the staff) downloads it. */
  url: z.string(),
});
export type RunProof = z.infer<typeof runProof>;

/** Whether the publisher confirmed the run, with their reference. */
export const runBooking = z.object({
  state: z.enum(['pending', 'confirmed']),
  reference: z.string().nullable(),
  at: z.string().nullable(),
});
export type RunBooking = z.infer<typeof runBooking>;

/** Whether the run was delivered, and the proofs of it. */
export const runDelivery = z.object({
  state: z.enum(['pending', 'delivered']),
  at: z.string().nullable(),
  proofs: z.array(runProof),
});
export type RunDelivery = z.infer<typeof runDelivery>;

/** One run of an order: an issue month, a flight week or a drop week. */
export const orderRun = runSpan.extend({
  /** The date as bought (`2027/03`, `2027-01-18`); null for undated design work. */
  value: z.string().nullable(),
  /** When its ad is due; null once the order is cancelled: nothing is due any more. */
  ad_due: dueDate.nullable(),
  price: z.number(),
  price_formatted: z.string(),
  status: orderStatus,
  /** Null for undated design work, which takes no file. */
  ad_file: runAdFile.nullable(),
  booking: runBooking,
  delivery: runDelivery,
});
export type OrderRun = z.infer<typeof orderRun>;

/** A step of an order's life, in order: placed, ad due, running, completed (or cancelled). */
export const timelineStep = z.object({
  /** `booked` and `delivered` show once every run is (issue 31). */
  step: z.enum(['placed', 'ad-due', 'booked', 'running', 'delivered', 'completed', 'cancelled']),
  label: z.string(),
  /** When it happened or will (YYYY-MM-DD; placed and cancelled are instants, ISO 8601). */
  at: z.string(),
  state: z.enum(['done', 'current', 'next']),
});
export type TimelineStep = z.infer<typeof timelineStep>;

/** GET /orders/{orderNumber}: everything about one order. */
/** Someone of the company named on an order; `former`: removed from the team since. */
const person = z.object({ name: z.string(), email: z.string(), former: z.boolean() });

export const orderDetail = orderSummary.extend({
  placement: z.object({
    name: z.string(),
    /** The placement's page on the storefront, or null when it left the catalogue. */
    path: z.string().nullable(),
  }),
  quantity: z.number().int(),
  /** "10 spots per week", "5,000 postcards per drop". */
  quantity_label: z.string(),
  runs: z.array(orderRun),
  /** The price lines as quoted when the order was placed, ending with any discount. */
  lines: z.array(z.object({ label: z.string(), amount: z.number() })),
  subtotal: z.number(),
  discount: z.number(),
  discount_formatted: z.string(),
  billing: billingContact,
  placed_by: person.nullable(),
  cancelled: z.object({ at: z.string(), by: person.nullable() }).nullable(),
  /** Until when it can be cancelled: the earliest ad-due date of its runs; null once it cannot. */
  cancel_until: dueDate.nullable(),
  /** Completed and cancelled orders can be booked again for the next open dates. */
  can_book_again: z.boolean(),
  timeline: z.array(timelineStep),
  /** The invoice of the checkout that placed it (null for an order from before invoices). */
  invoice: z
    .object({
      number: z.string(),
      /** The numbers of the other orders of its checkout on the same invoice (none for a checkout of one). */
      other_orders: z.array(z.string()),
    })
    .nullable(),
  /** Issue 31, part 4: the brief and proofs of a design-service order; null for every other order. */
  design: designView.nullable(),
  /** Issue 34: the carrier routes an every-door mailing bought, in the order chosen; empty for any other order. */
  bought_routes: z.array(boughtRoute),
});
export type OrderDetail = z.infer<typeof orderDetail>;

/** POST /orders/{orderNumber}/again: the customer's cart with the order's placement added. */
export const bookedAgain = z.object({
  cart,
  /** The dates the new item was added for, in words ("Week of Jan 18, 2027"). */
  dates: z.array(z.string()),
});
export type BookedAgain = z.infer<typeof bookedAgain>;

/** GET /orders/stats: how many orders of each status the customer's company has. */
export const orderCounts = z.object({
  upcoming: z.number().int(),
  running: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
});
export type OrderCounts = z.infer<typeof orderCounts>;

/** GET /orders/due: the dashboard's "what needs doing next": orders with an ad due, soonest first. */
export const ORDERS_DUE_SHOWN = 5;
export const ordersDue = z.object({
  orders: z.array(orderSummary),
  /** How many orders have an ad due in all (more than are shown). */
  total: z.number().int(),
});
export type OrdersDue = z.infer<typeof ordersDue>;
