import { z } from 'zod';

/** Query of the market calls: `prodcode` (the market) and `mediacode` (the placement being viewed). */
export const marketQuery = z.object({
  prodcode: z
    .string({ error: 'A market code (prodcode) is needed.' })
    .regex(/^[A-Z0-9-]{3,20}$/, 'The market code is not valid.'),
  mediacode: z
    .string()
    .regex(/^[A-Za-z0-9-]{3,32}$/, 'The media code is not valid.')
    .optional(),
});

/** GET /market/geo: the market's boundary, by its code. */
export const marketGeoQuery = z.object({ prodcode: marketQuery.shape.prodcode });

export const share = z.object({ band: z.string(), share: z.number().min(0).max(1) });

/** GET /market/demographics → data.demographics: who lives in the market. */
export const demographics = z.object({
  households: z.number().int().nonnegative(),
  population: z.number().int().nonnegative(),
  median_age: z.number(),
  median_income: z.number().int(),
  homeowners: z.number().min(0).max(1),
  families_with_children: z.number().min(0).max(1),
  /** Shares of adults by age band; they add up to 1. */
  age: z.array(share),
  /** Shares of households by yearly income band; they add up to 1. */
  income: z.array(share),
});
export type Demographics = z.infer<typeof demographics>;
export const demographicsAnswer = z.object({ demographics });

/** GET /market/details (mediacode, prodcode, zips_expanded): the market's size and places. */
export const marketDetailsQuery = marketQuery.extend({
  zips_expanded: z
    .enum(['0', '1', 'true', 'false'], {
      error: 'Send zips_expanded as 1 (or true) to list the zip codes, 0 (or false) not to.',
    })
    .default('0'),
});
export const marketDetails = z.object({
  prodcode: z.string(),
  name: z.string(),
  state: z.string(),
  households: z.number().int(),
  zip_count: z.number().int(),
  center: z.object({ lat: z.number(), lng: z.number() }),
  /** The largest places of the market, by how many zip codes they have. */
  cities: z.array(z.object({ name: z.string(), state: z.string(), zip_count: z.number().int() })),
  /** Every zip code of the market, only when zips_expanded is asked for. */
  zips: z.array(z.string()).optional(),
});
export type MarketDetails = z.infer<typeof marketDetails>;

/** GET /market/poi: points of interest of the market for this placement (venues, screens, places). */
export const poi = z.object({
  name: z.string(),
  kind: z.string(),
  city: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type Poi = z.infer<typeof poi>;
export const poiAnswer = z.object({ poi: z.array(poi) });
