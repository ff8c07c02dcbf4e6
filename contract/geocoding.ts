import { z } from 'zod';

/** The place types the storefront asks for (SPEC section 7: place, address, locality, neighborhood). */
export const GEOCODE_TYPES = ['place', 'address', 'locality', 'neighborhood', 'postcode', 'region'] as const;
export const geocodeType = z.enum(GEOCODE_TYPES, {
  error: (issue) => `Unknown place type "${String(issue.input)}". Use one of: ${GEOCODE_TYPES.join(', ')}.`,
});

/** Query of Mapbox's v5 forward geocoding, the parts the embedded API understands. */
export const geocodeQuery = z.object({
  query: z
    .string()
    .trim()
    .min(1, 'Type a place or a zip code.')
    .max(100, 'Keep the place under 100 characters.'),
  country: z
    .string()
    .default('us')
    .refine((c) => c.split(',').includes('us'), 'Only places in the United States are known (country=us).'),
  types: z
    .string()
    .default('place,address,locality,neighborhood')
    .transform((t) => t.split(',').filter(Boolean))
    .pipe(z.array(geocodeType).min(1, `Ask for at least one place type: ${GEOCODE_TYPES.join(', ')}.`)),
  limit: z.coerce.number().int().min(1).max(10).default(5),
  autocomplete: z.enum(['true', 'false'], { error: 'Send autocomplete as true or false.' }).default('true'),
});

export const geocodeContext = z.object({
  id: z.string(),
  text: z.string(),
  short_code: z.string().optional(),
});

/** A feature of Mapbox's v5 answer (the fields the storefront reads). */
export const geocodeFeature = z.object({
  id: z.string(),
  type: z.literal('Feature'),
  place_type: z.array(z.string()),
  relevance: z.number(),
  text: z.string(),
  place_name: z.string(),
  address: z.string().optional(),
  center: z.tuple([z.number(), z.number()]),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  properties: z.record(z.string(), z.unknown()),
  context: z.array(geocodeContext).default([]),
});
export type GeocodeFeature = z.infer<typeof geocodeFeature>;

export const geocodeAnswer = z.object({
  type: z.literal('FeatureCollection'),
  query: z.array(z.string()),
  features: z.array(geocodeFeature),
  attribution: z.string(),
});
export type GeocodeAnswer = z.infer<typeof geocodeAnswer>;
