import { z } from 'zod';
import { type ApprovalRequest, runApprovalState } from './approvalRequests';
import { dueDate } from './orders';
import { FILE_VIEWS } from './uploads';

export { type ApprovalRequest, FILE_VIEWS };

/**
 * The ad files half of the dashboard (issue 16): a company's files, each checked against the spec of
 * the order's placement (or a sheet picked for it), and approved as a run's ad before it is due.
 */

export const AD_FILE_STATUSES = ['uploading', 'checking', 'passed', 'attention', 'rejected'] as const;
export const adFileStatus = z.enum(AD_FILE_STATUSES);
export type AdFileStatusValue = z.infer<typeof adFileStatus>;

/**
 * Issue 33: where on the proof a check found its problem (the frame of a low-resolution image in a
 * PDF): a page (1-based) and a box in fractions of the page's width and height, from its top left.
 */
export const checkPlace = z.object({
  page: z.number().int().min(1),
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  width: z.number().min(0).max(1),
  height: z.number().min(0).max(1),
});
export type CheckPlace = z.infer<typeof checkPlace>;

export const fileCheck = z.object({
  /** What was checked: format, size, resolution, colour, pages, trim, bleed, fonts, codec, length... */
  name: z.string(),
  result: z.enum(['passed', 'warning', 'failed']),
  /** One sentence: what was found and, unless it passed, what to do. */
  message: z.string(),
  /** Where the problem is, when the check can say (issue 33). */
  where: z.array(checkPlace).optional(),
});
export type FileCheckView = z.infer<typeof fileCheck>;

/**
 * Issue 33: one run a file is the ad for. A file may serve several runs; each keeps its own check
 * result (the file's verdict against the run's sheet) and its own approval. A cancelled order has
 * nothing due (`ad_due` null, `cancelled` true).
 */
export const fileRun = z.object({
  order: z.string(),
  run: z.string(),
  run_label: z.string(),
  placement: z.string(),
  ad_due: dueDate.nullable(),
  cancelled: z.boolean(),
  status: z.enum(['checking', 'passed', 'attention', 'rejected']),
  checks: z.array(fileCheck),
  /** Another file is this run's approved ad: this file was replaced by it (its name). */
  replaced_by: z.string().nullable(),
  /** Its approval: who approved it and when, what Approve does for the signed-in person, its request. */
  ...runApprovalState.shape,
});
export type FileRun = z.infer<typeof fileRun>;

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
   * Issue 33: the runs it is the ad for, each with its own verdict and approval (none: a file checked
   * against a sheet alone).
   */
  runs: z.array(fileRun),
  sheet: z.object({ slug: z.string(), title: z.string() }),
  /**
   * Issue 31: our production team's review: a warning accepted with a note, or the file sent back
   * with one (a returned file cannot be approved: a new one is needed).
   */
  review: z.object({ state: z.enum(['accepted', 'returned']), note: z.string(), at: z.string() }).nullable(),
  /**
   * Every run it served has another file as its approved ad, and it is approved for none: it was
   * replaced (by the latest of them, its name) and needs nothing more.
   */
  replaced_by: z.string().nullable(),
  /** Who sent it, while their account exists. */
  uploaded_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The comments of its thread. */
  comments: z.number().int(),
  /** Not while it is the approved ad of a run past its deadline. */
  can_delete: z.boolean(),
  thumbnail_url: z.string().nullable(),
  download_url: z.string(),
  created_at: z.string(),
});
export type AdFile = z.infer<typeof adFile>;

/**
 * GET /files: filter by order (number), by what needs doing (a replaced file needs nothing), and
 * (issue 33) by placement (its name, as a run shows it), spec sheet (slug) and person (who sent it).
 */
export const filesQuery = z.object({
  order: z
    .string()
    .trim()
    .max(24, 'An order number is at most 24 characters.')
    .optional()
    .transform((v) => v?.toUpperCase() || undefined),
  view: z.enum(FILE_VIEWS, { error: `Show one of: ${FILE_VIEWS.join(', ')}.` }).default('all'),
  placement: z.string().trim().max(200, 'A placement is named in at most 200 characters.').optional(),
  sheet: z.string().trim().max(80, 'A sheet is a slug from /specs.').optional(),
  person: z.uuid({ error: 'Pick a person from the list.' }).optional(),
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
  /**
   * Issue 33: what the library's filters offer: the placements whose runs some file serves, the
   * sheets files are checked against, and the people who uploaded files.
   */
  filters: z
    .object({
      placements: z.array(z.string()),
      sheets: z.array(z.object({ slug: z.string(), title: z.string() })),
      people: z.array(z.object({ id: z.string(), name: z.string() })),
    })
    .optional(),
});
export type FilesList = z.infer<typeof filesList>;

const orderNumber = z
  .string({ error: 'Say which order.' })
  .trim()
  .min(1, 'Say which order.')
  .max(24, 'An order number is at most 24 characters.');
const runValue = z
  .string()
  .trim()
  .min(1, 'Say which run, such as 2027/03.')
  .max(20, 'A run is a date such as 2027/03 or 2027-01-04.');

/**
 * POST /files/{id}/attach: to runs of an order (issue 33: `runs`, several at once; a file may serve
 * runs of several orders with the same spec sheet), to one run (`run`, or the order's first open run
 * when absent), or to a sheet alone. Attaching adds runs; runs of another sheet move the file there
 * (checked again, its runs of the old sheet left) unless it is an approved ad.
 */
export const attachBody = z.preprocess(
  // The keys sent pick the shape, so a bad `runs` is refused with its own sentence rather than
  // dropped for the one-run shape (which would attach the file to another run than asked).
  (body) =>
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? { ...body, kind: 'runs' in body ? 'runs' : 'sheet' in body && !('order' in body) ? 'sheet' : 'run' }
      : body,
  z.discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('runs'),
        order: orderNumber,
        runs: z
          .array(runValue, { error: 'Send runs as a list of run dates, such as ["2027/03"].' })
          .min(1, 'Pick at least one run.')
          .max(60, 'Attach a file to at most 60 runs at once.'),
      }),
      z.object({
        kind: z.literal('run'),
        order: orderNumber,
        // An empty run is no run: the order's one run (the form's "pick a run" sends '').
        run: z
          .string()
          .trim()
          .max(20, 'A run is a date such as 2027/03 or 2027-01-04.')
          .optional()
          .transform((value) => value || undefined),
      }),
      z.object({
        kind: z.literal('sheet'),
        sheet: z.string().trim().min(1).max(80, 'A sheet is a slug from /specs.'),
      }),
    ],
    { error: 'Send { order, runs }, { order, run } or { sheet }.' },
  ),
);

/** POST /files/{id}/detach: the run the file no longer serves. */
export const detachBody = z.object({ order: orderNumber, run: runValue });

/**
 * POST /files/{id}/approve: `order` and `run` say which run when the file serves several (a file of
 * one run may leave them out). With approvals needing an admin, a member's approval is a request.
 */
export const approveBody = z.object({ order: orderNumber.optional(), run: runValue.optional() });

/** POST /approval-requests/{id}/decline: the reason is required, and shown to the member who asked. */
export const declineBody = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Say why, so they know what to change.')
    .max(1000, 'A reason is at most 1,000 characters.'),
});

/** The longest comment kept. */
export const COMMENT_MAX = 4000;

/** A point pinned on the proof: a page (1-based) and x, y as fractions of its width and height. */
const PIN_PAGE = 'Pin the comment on a page of the proof (page 1 or later).';
const PIN_POINT = 'Pin the comment on a point inside the page.';
export const commentPin = z.object({
  page: z.number(PIN_PAGE).int(PIN_PAGE).min(1, PIN_PAGE).max(10_000, PIN_PAGE),
  x: z.number(PIN_POINT).min(0, PIN_POINT).max(1, PIN_POINT),
  y: z.number(PIN_POINT).min(0, PIN_POINT).max(1, PIN_POINT),
});
export type CommentPin = z.infer<typeof commentPin>;

/** POST /files/{id}/comments: `mentions` are people of the company (ids), each e-mailed once. */
export const commentBody = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write a comment first.')
    .max(COMMENT_MAX, `A comment is at most ${COMMENT_MAX.toLocaleString('en-US')} characters.`),
  pin: commentPin.nullable().optional(),
  mentions: z.array(z.uuid()).max(20, 'Mention at most 20 people.').default([]),
});
export type CommentBody = z.input<typeof commentBody>;

export const fileComment = z.object({
  id: z.string(),
  file: z.object({ id: z.string(), name: z.string() }),
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  body: z.string(),
  pin: commentPin.nullable(),
  mentions: z.array(z.object({ id: z.string(), name: z.string() })),
  created_at: z.string(),
});
export type FileComment = z.infer<typeof fileComment>;

/** GET /files/{id}/comments (oldest first), and the people a comment may mention. */
export const commentThread = z.object({
  comments: z.array(fileComment),
  people: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type CommentThread = z.infer<typeof commentThread>;

/**
 * GET /orders/{number}/comments: the comments on the files serving the order's runs (each names its
 * file), the people they may mention, and those files, for the form to say which one a comment is on.
 */
export const orderCommentThread = commentThread.extend({
  files: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type OrderCommentThread = z.infer<typeof orderCommentThread>;

/** A file id is a UUID; anything else is unknown (404) before the database. */
export const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
