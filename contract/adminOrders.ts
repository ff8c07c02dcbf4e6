import { z } from 'zod';
import { MEDIA_TYPES } from './mediaTypes';
import { orderDetail, orderSummary, PROOF_KINDS } from './orders';
import { calendarDay, pageParam } from './params';

/** The back office's orders queue and fulfilment (issue 31, part 3). Part 3 owns this file. */

const yesNo = z.enum(['yes', 'no']);

export { PROOF_KINDS, type ProofKind } from './orders';

export const ORDER_QUEUE_STATUSES = [
  'upcoming',
  'running',
  'completed',
  'cancelled',
  'to-book',
  'to-deliver',
] as const;
export type OrderQueueStatus = (typeof ORDER_QUEUE_STATUSES)[number];

/** GET /admin/orders: 25 a page, soonest ad due first. */
export const ordersQueueQuery = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(ORDER_QUEUE_STATUSES).optional(),
  due_from: calendarDay.optional(),
  due_to: calendarDay.optional(),
  no_approved_file: yesNo.optional(),
  needs_attention: yesNo.optional(),
  channel: z.enum(MEDIA_TYPES).optional(),
  page: pageParam,
});
export type OrdersQueueQuery = z.input<typeof ordersQueueQuery>;
/** The queue's filters as the page keeps them in its address. */
export type QueueFilters = Omit<OrdersQueueQuery, 'page'> & { page?: number };

export const queuedOrder = orderSummary.extend({
  company: z.string(),
  next_run: z.string().nullable(),
  booking: z.enum(['pending', 'partly', 'confirmed']),
  delivery: z.enum(['pending', 'partly', 'delivered']),
  /** Sentences: why it needs attention. */
  attention: z.array(z.string()),
});
export type QueuedOrder = z.infer<typeof queuedOrder>;

export const adminOrder = orderDetail.extend({
  company: z.object({ name: z.string(), coid: z.string() }),
  notes: z.array(z.object({ at: z.string(), by: z.string(), body: z.string() })),
  /** What its channel takes as proof of delivery. */
  proof_kinds: z.array(z.enum(PROOF_KINDS)),
});
export type AdminOrder = z.infer<typeof adminOrder>;

/** POST /admin/orders/{number}/booking: the publisher's reference for the given runs, or all live ones. */
export const bookingBody = z.object({
  reference: z.string().trim().min(1, "Enter the publisher's reference.").max(80),
  // Left out: every run not ended. Sent: at least one (an empty list chooses nothing to book).
  runs: z
    .array(z.string())
    .min(1, 'Choose at least one run to book, or send no runs to book every run not ended.')
    .optional(),
});
/** The multipart fields beside `file` of POST /admin/orders/{number}/runs/{run}/proof. */
export const proofForm = z.object({
  kind: z.enum(PROOF_KINDS, { error: `Choose a kind of proof: ${PROOF_KINDS.join(', ')}.` }),
  dropped_on: calendarDay.optional(),
  pieces: z.coerce.number().int().min(1).optional(),
});
export const noteBody = z.object({ body: z.string().trim().min(1, 'Write the note.').max(2000) });
