import { z } from 'zod';
import { lifestyleValue } from './media';
import { DIGITAL_PARTNERS, MEDIA_TYPES } from './mediaTypes';
import { calendarDay, pageParam } from './params';
import { PLACEMENT_SORTS } from './placementSorts';
import { availability } from './quote';
import { SHEET_REQUIREMENTS } from './specRequirements';

export { PLACEMENT_SORTS };

/**
 * The back office's catalogue editor (issue 31, part 2). Part 2 owns this file: the shapes below are
 * the ones the other parts build against.
 */

const month = z.number().int().min(1).max(12);
const mediaType = z.enum(MEDIA_TYPES, { error: `Choose a channel: ${MEDIA_TYPES.join(', ')}.` });

/**
 * The most quantities a rate card may offer: the storefront lists every one of them on each
 * availability answer, so an unbounded card would build millions of options on every request.
 */
export const RATE_CARD_MAX_OPTIONS = 500;

/** A placement's own quantities (min to max in steps) and volume discounts by number of dates. */
export const rateCard = z
  .object({
    min: z.number().int().positive(),
    max: z.number().int().positive().max(10_000_000, 'The largest quantity is 10,000,000 at most.'),
    step: z.number().int().positive(),
    discounts: z
      .array(z.object({ from_dates: z.number().int().min(2), percent: z.number().int().min(1).max(50) }))
      .max(5),
  })
  .refine((card) => card.min <= card.max, {
    message: 'The smallest quantity is above the largest.',
    path: ['max'],
  })
  .refine((card) => (card.max - card.min) % card.step === 0, {
    message: 'The largest quantity must be reached from the smallest in whole steps.',
    path: ['step'],
  })
  .refine((card) => (card.max - card.min) / card.step < RATE_CARD_MAX_OPTIONS, {
    message: `A rate card offers at most ${RATE_CARD_MAX_OPTIONS} quantities: take larger steps.`,
    path: ['step'],
  });
export type RateCard = z.infer<typeof rateCard>;

/** An exception to the rules on one date: closed (not sold), sold out, or a moved deadline. */
export const scheduleException = z.object({
  value: z.string(),
  closed: z.boolean().optional(),
  sold_out: z.boolean().optional(),
  deadline: calendarDay.optional(),
});
export type ScheduleException = z.infer<typeof scheduleException>;

const exceptions = z.array(scheduleException).max(200).default([]);
const leadDays = z.number().int().min(-120).max(30).optional();

/** Issues by month, flights or drops by week (every 1, 2 or 4 weeks), or no dates (design work). */
export const scheduleRules = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('issues'),
    issue_months: z.array(month).min(1, 'Choose at least one issue month.'),
    sold_out_months: z.array(month).default([]),
    lead_days: leadDays,
    exceptions,
  }),
  z.object({
    kind: z.literal('weeks'),
    every_weeks: z.union([z.literal(1), z.literal(2), z.literal(4)]),
    sold_out_every: z.number().int().min(0).default(0),
    sold_out_offset: z.number().int().min(0).default(0),
    lead_days: leadDays,
    exceptions,
  }),
  z.object({ kind: z.literal('none') }),
]);
export type ScheduleRules = z.infer<typeof scheduleRules>;

export const placementInput = z.object({
  name: z.string().trim().min(1, 'Give the placement a name.').max(200),
  media_type: mediaType,
  partner: z.enum(DIGITAL_PARTNERS).nullable(),
  // An empty market is national (null): '' would count as a market wherever markets are filtered.
  prodcode: z
    .string()
    .trim()
    .max(20)
    .nullable()
    .transform((code) => code || null),
  lifestyle: lifestyleValue,
  description: z.string().trim().max(4000),
  // In cents it fits the database's integer, and a price never rounds down to nothing.
  unit_price: z
    .number()
    .min(0.01, 'The unit price is at least $0.01.')
    .max(1_000_000, 'The unit price is $1,000,000 at most.'),
  unit_label: z.string().trim().min(1).max(80),
  reach: z.number().int().min(0).max(2_000_000_000, 'The reach is 2,000,000,000 at most.'),
  reach_label: z.string().trim().max(80),
  rate_card: rateCard.nullable(),
  schedule: scheduleRules,
  // A sheet that takes files, or none (its channel's): '' would make every order of it design work,
  // and an unknown slug would check its ads against nothing.
  spec_sheet: z
    .string()
    .trim()
    .nullable()
    .transform((slug) => slug || null)
    .refine((slug) => slug === null || Object.hasOwn(SHEET_REQUIREMENTS, slug), {
      message: `Choose a spec sheet: ${Object.keys(SHEET_REQUIREMENTS).join(', ')}, or none for its channel’s.`,
    }),
  published: z.boolean(),
});
export type PlacementInput = z.input<typeof placementInput>;

/** PATCH: any fields, and the version the editor started from (a stale one is a 409). */
export const placementPatch = placementInput.partial().extend({ version: z.number().int() });

export const adminPlacement = placementInput.extend({
  mediacode: z.string(),
  market: z.string(),
  image: z.string(),
  images: z.array(z.object({ id: z.string(), url: z.string() })),
  version: z.number().int(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
  /** Orders of it, any status: a channel cannot change once there are any. */
  orders: z.number().int(),
  dates: availability.shape.options,
});
export type AdminPlacement = z.infer<typeof adminPlacement>;

/** GET /admin/placements: 25 a page. */
export const placementsQuery = z.object({
  q: z.string().trim().max(100).optional(),
  channel: mediaType.optional(),
  market: z.string().max(20).optional(),
  published: z.enum(['yes', 'no']).optional(),
  sort: z.enum(PLACEMENT_SORTS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: pageParam,
});
export type PlacementsQuery = z.input<typeof placementsQuery>;

/** The data of a 409: the placement as the other person saved it. */
export const placementConflict = z.object({ current: adminPlacement });

/** What a placement's save asks: the fields, and the version the editor started from (null: a new placement). */
export interface PlacementSaveRequest {
  mediacode: string | null;
  draft: PlacementInput;
  version: number | null;
}

/** The server's answer to a placement's save (a failure to reach it, or a fault, is no answer). */
export type PlacementSaveOutcome =
  | { kind: 'saved'; placement: AdminPlacement }
  /** 422 (or a refused channel change): the sentence, and one message per field it names. */
  | { kind: 'invalid'; message: string; errors: Record<string, string> }
  /** 409: someone else saved first; their placement as saved. */
  | { kind: 'conflict'; message: string; theirs: AdminPlacement };

/** One row of the placements table. */
export const placementRow = z.object({
  mediacode: z.string(),
  name: z.string(),
  media_type: z.enum(MEDIA_TYPES),
  market: z.string(),
  unit_price: z.number(),
  unit_label: z.string(),
  published: z.boolean(),
  updated_at: z.string().nullable(),
});
export type PlacementRow = z.infer<typeof placementRow>;
export const PLACEMENTS_PER_PAGE = 25;

/** GET /admin/markets: what a placement's market is chosen from. */
export const adminMarkets = z.array(z.object({ prodcode: z.string(), name: z.string(), state: z.string() }));
export type AdminMarkets = z.infer<typeof adminMarkets>;
