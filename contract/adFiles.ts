import { z } from 'zod';
import { dueDate } from './orders';
import { FILE_VIEWS } from './uploads';

export { FILE_VIEWS };

/**
 * The ad files half of the dashboard (issue 16): a company's files, each checked against the spec of
 * the order's placement (or a sheet picked for it), and approved as a run's ad before it is due.
 */

export const AD_FILE_STATUSES = ['uploading', 'checking', 'passed', 'attention', 'rejected'] as const;
export const adFileStatus = z.enum(AD_FILE_STATUSES);
export type AdFileStatusValue = z.infer<typeof adFileStatus>;

export const fileCheck = z.object({
  /** What was checked: format, size, resolution, colour, pages, trim, bleed, fonts, codec, length... */
  name: z.string(),
  result: z.enum(['passed', 'warning', 'failed']),
  /** One sentence: what was found and, unless it passed, what to do. */
  message: z.string(),
});
export type FileCheckView = z.infer<typeof fileCheck>;

export const adFile = z.object({
  id: z.string(),
  name: z.string(),
  status: adFileStatus,
  /** The format the bytes are (pdf, jpeg, mp4...), once checked. */
  format: z.string().nullable(),
  size: z.number().int(),
  size_formatted: z.string(),
  checks: z.array(fileCheck),
  /**
   * The order's run it is for, or null for a file checked against a sheet alone. A cancelled order
   * has nothing due (`ad_due` null, `cancelled` true).
   */
  order: z
    .object({
      number: z.string(),
      run: z.string(),
      run_label: z.string(),
      ad_due: dueDate.nullable(),
      cancelled: z.boolean(),
    })
    .nullable(),
  sheet: z.object({ slug: z.string(), title: z.string() }),
  approved: z.object({ at: z.string(), by: z.string().nullable() }).nullable(),
  /**
   * Issue 31: our production team's review: a warning accepted with a note, or the file sent back
   * with one (a returned file cannot be approved: a new one is needed).
   */
  review: z.object({ state: z.enum(['accepted', 'returned']), note: z.string(), at: z.string() }).nullable(),
  /** Another file is its run's approved ad: this one was replaced by it (its name). */
  replaced_by: z.string().nullable(),
  /** Whether it can be approved now, and if not, why (one sentence). */
  can_approve: z.boolean(),
  approve_note: z.string().nullable(),
  can_delete: z.boolean(),
  thumbnail_url: z.string().nullable(),
  download_url: z.string(),
  created_at: z.string(),
});
export type AdFile = z.infer<typeof adFile>;

/** GET /files: filter by order (number) and by what needs doing (a replaced file needs nothing). */
export const filesQuery = z.object({
  order: z
    .string()
    .trim()
    .max(24, 'An order number is at most 24 characters.')
    .optional()
    .transform((v) => v?.toUpperCase() || undefined),
  view: z.enum(FILE_VIEWS, { error: `Show one of: ${FILE_VIEWS.join(', ')}.` }).default('all'),
});

/** A run of an order whose ad is not due yet, which a file checked against its sheet can be attached to. */
export const attachableRun = z.object({
  order: z.string(),
  /** The run's date value, as POST /files/{id}/attach takes it. */
  run: z.string(),
  run_label: z.string(),
  placement: z.string(),
  /** The spec sheet its placement takes. */
  sheet: z.string(),
  ad_due: dueDate,
});
export type AttachableRun = z.infer<typeof attachableRun>;

export const filesList = z.object({
  files: z.array(adFile),
  /** The spec sheets a file with no order can be checked against, in /specs order. */
  sheets: z.array(z.object({ slug: z.string(), title: z.string() })),
  /** The runs a file can be attached to (a file is offered those of its own sheet). */
  runs: z.array(attachableRun),
});
export type FilesList = z.infer<typeof filesList>;

/** POST /files/{id}/attach: to an order's run, or to a sheet alone. */
export const attachBody = z.union(
  [
    z.object({
      order: z
        .string()
        .trim()
        .min(1, 'Say which order.')
        .max(24, 'An order number is at most 24 characters.'),
      run: z.string().trim().max(20, 'A run is a date such as 2027/03 or 2027-01-04.').optional(),
    }),
    z.object({ sheet: z.string().trim().min(1).max(80, 'A sheet is a slug from /specs.') }),
  ],
  { error: 'Send { order, run } or { sheet }.' },
);
export type AttachBody = z.infer<typeof attachBody>;

/** A file id is a UUID; anything else is unknown (404) before the database. */
export const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
