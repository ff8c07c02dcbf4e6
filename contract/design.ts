import { z } from 'zod';

/** The design service's brief and proof round (issue 31, part 4). Part 4 owns this file. */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const DESIGN_STATES = ['brief', 'waiting-for-proof', 'review', 'approved'] as const;
export type DesignState = (typeof DESIGN_STATES)[number];

/** The run value of a design order's one undated run: the approved proof's ad file is kept under it. */
export const DESIGN_RUN = 'design';

export const BRIEF_FILE_ROLES = ['logo', 'photo', 'other'] as const;
export type BriefFileRole = (typeof BRIEF_FILE_ROLES)[number];

export const designView = z.object({
  state: z.enum(DESIGN_STATES),
  brief: z.object({
    offer: z.string(),
    colours: z.string(),
    notes: z.string(),
    submitted_at: z.string().nullable(),
    due: z.object({ date: day, days_left: z.number().int() }).nullable(),
  }),
  files: z.array(
    z.object({
      id: z.string(),
      role: z.enum(BRIEF_FILE_ROLES),
      name: z.string(),
      size_formatted: z.string(),
      url: z.string(),
    }),
  ),
  proofs: z.array(
    z.object({
      number: z.number().int(),
      name: z.string(),
      url: z.string(),
      note: z.string(),
      uploaded_at: z.string(),
      decision: z.enum(['approved', 'changes']).nullable(),
      comment: z.string().nullable(),
      decided_at: z.string().nullable(),
    }),
  ),
});
export type DesignView = z.infer<typeof designView>;

export const briefBody = z.object({
  offer: z.string().trim().max(2000, 'Keep the offer under 2,000 characters.').default(''),
  colours: z.string().trim().max(500, 'Keep the colours under 500 characters.').default(''),
  notes: z.string().trim().max(4000, 'Keep the notes under 4,000 characters.').default(''),
  submit: z.boolean().default(false),
});
export type BriefBody = z.input<typeof briefBody>;

export const changesBody = z.object({
  comment: z
    .string({ error: 'Say what to change.' })
    .trim()
    .min(1, 'Say what to change.')
    .max(4000, 'Keep it under 4,000 characters.'),
});

/** POST …/design/files: the file's role beside the multipart `file`. */
export const briefFileForm = z.object({
  role: z.enum(BRIEF_FILE_ROLES, { error: `Say what the file is: ${BRIEF_FILE_ROLES.join(', ')}.` }),
});

/** POST /admin/orders/{number}/design/proofs: the studio's note beside the multipart `file`. */
export const proofForm = z.object({
  note: z.string().trim().max(2000, 'Keep the note under 2,000 characters.').default(''),
});
