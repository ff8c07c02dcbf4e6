import { z } from 'zod';
import { DIGITAL_PARTNERS, LIFESTYLE_VALUES, MEDIA_TYPES } from './mediaTypes';

export const mediaType = z.enum(MEDIA_TYPES, {
  error: (issue) => `Unknown media type "${String(issue.input)}". Use one of: ${MEDIA_TYPES.join(', ')}.`,
});
export const digitalPartner = z.enum(DIGITAL_PARTNERS);
export const lifestyleValue = z.enum(LIFESTYLE_VALUES, {
  error: (issue) => `Unknown lifestyle "${String(issue.input)}". Use one of: ${LIFESTYLE_VALUES.join(', ')}.`,
});

const mediaTypeError = (input: unknown) =>
  `Unknown media type "${String(input)}". Use all or one of: ${MEDIA_TYPES.join(', ')}.`;

export const zipCode = z.string().regex(/^\d{5}$/, 'A zip code is five digits, like 60601.');

export const mediacode = z
  .string()
  .regex(/^[A-Z0-9-]{3,32}$/, 'A media code is 3 to 32 capital letters, digits or dashes.');

/** One placement as the API answers it (`GET /media/{mediacode}`, `POST /media/search`). */
export const media = z.object({
  mediacode,
  name: z.string(),
  media_type: mediaType,
  partner: digitalPartner.nullable(),
  prodcode: z.string().nullable(),
  market: z.string(),
  state: z.string().nullable(),
  lifestyle: lifestyleValue,
  /** Magazines: the issue, written year/month (`2027/03`). */
  issue: z.string().nullable(),
  /** Everything else: the first start date, `YYYY-MM-DD`. */
  date_start: z.string().nullable(),
  /** US dollars for one unit (an issue, a flight week, a thousand pieces...). */
  unit_price: z.number().nonnegative(),
  unit_label: z.string(),
  reach: z.number().int().nonnegative(),
  reach_label: z.string(),
  image: z.string(),
  description: z.string(),
});
export type Media = z.infer<typeof media>;

export const SEARCH_PER_PAGE_DEFAULT = 24;
export const SEARCH_PER_PAGE_MAX = 96;

/** Query of `POST /media/search` (SPEC: `media_types[]`, `lifestyle`, `zip[]`; the rest is ours). */
export const mediaSearchQuery = z.object({
  media_types: z
    .array(z.union([z.literal('all'), mediaType], { error: (issue) => mediaTypeError(issue.input) }))
    .default([]),
  lifestyle: lifestyleValue.default('all'),
  zip: z.array(zipCode).max(50, 'Search at most 50 zip codes at once.').default([]),
  search: z.string().trim().max(100, 'Keep the search under 100 characters.').default(''),
  page: z.coerce
    .number({ error: 'The page is a whole number from 1.' })
    .int('The page is a whole number from 1.')
    .min(1, 'The page is a whole number from 1.')
    .max(10_000, 'The page is at most 10000.')
    .default(1),
  per_page: z.coerce
    .number({ error: `per_page is a whole number from 1 to ${SEARCH_PER_PAGE_MAX}.` })
    .int(`per_page is a whole number from 1 to ${SEARCH_PER_PAGE_MAX}.`)
    .min(1, `per_page is a whole number from 1 to ${SEARCH_PER_PAGE_MAX}.`)
    .max(SEARCH_PER_PAGE_MAX, `per_page is a whole number from 1 to ${SEARCH_PER_PAGE_MAX}.`)
    .default(SEARCH_PER_PAGE_DEFAULT),
});
export type MediaSearchQuery = z.infer<typeof mediaSearchQuery>;

export const marketSummary = z.object({ prodcode: z.string(), name: z.string(), state: z.string() });
export type MarketSummary = z.infer<typeof marketSummary>;

export const mediaSearchResult = z.object({
  items: z.array(media),
  /** The markets the searched zip codes belong to, so the page can say where it is looking. */
  markets: z.array(marketSummary),
  /** Searched zip codes the catalogue does not know (their placements cannot be listed). */
  unknown_zips: z.array(z.string()),
});
export type MediaSearchResult = z.infer<typeof mediaSearchResult>;
