import { z } from 'zod';
import { adFile } from './adFiles';
import { FILE_QUEUE_STATES } from './fileQueueStates';
import { dueDate } from './orders';
import { pageParam } from './params';

/** The back office's ad-file review (issue 31, part 4): files due soonest first, accepted or sent back. */

export { FILE_QUEUE_STATES, type FileQueueState } from './fileQueueStates';

/** GET /admin/files: 25 a page. */
export const filesQueueQuery = z.object({
  state: z
    .enum(FILE_QUEUE_STATES, { error: `Show one of: ${FILE_QUEUE_STATES.join(', ')}.` })
    .default('attention'),
  page: pageParam,
});

export const FILES_PER_PAGE = 25;

/** One file of the queue: the newest file sent for a run of a live order. */
export const queuedFile = adFile
  .pick({
    id: true,
    name: true,
    status: true,
    format: true,
    size_formatted: true,
    checks: true,
    review: true,
  })
  .extend({
    company: z.string(),
    order: z.string(),
    run: z.string(),
    run_label: z.string(),
    ad_due: dueDate,
    approved: z.boolean(),
    uploaded_at: z.string(),
    download_url: z.string(),
    /** Whether "Accept with a note" applies, and if not, why (one sentence). */
    can_accept: z.boolean(),
    accept_note: z.string().nullable(),
    can_return: z.boolean(),
  });
export type QueuedFile = z.infer<typeof queuedFile>;

/** POST /admin/files/{id}/accept and /return: the note the customer reads. */
export const reviewBody = z.object({
  note: z
    .string({ error: 'Write a note to the customer.' })
    .trim()
    .min(1, 'Write a note to the customer.')
    .max(1000, 'Keep the note under 1,000 characters.'),
  /**
   * The run the queue row shows (a file serving several runs is listed once per run): the review
   * acts on it. Without them, the first run the file was attached to.
   */
  order: z.string().trim().max(24, 'An order number is at most 24 characters.').optional(),
  run: z.string().trim().max(20, 'A run is a date such as 2027/03 or 2027-01-04.').optional(),
});
