import { z } from 'zod';

/** The design service's brief and proof round (issue 31, part 4). Part 4 owns this file. */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const DESIGN_STATES = ['brief', 'waiting-for-proof', 'review', 'approved'] as const;

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
      role: z.enum(['logo', 'photo', 'other']),
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
  offer: z.string().max(2000).default(''),
  colours: z.string().max(500).default(''),
  notes: z.string().max(4000).default(''),
  submit: z.boolean().default(false),
});
export type BriefBody = z.input<typeof briefBody>;

export const changesBody = z.object({ comment: z.string().trim().min(1, 'Say what to change.').max(4000) });
