import { z } from 'zod';
import { marketQuery } from './market';

/** One date a placement can run: a magazine issue (`2027/03`) or a flight week starting Monday (`2027-01-04`). */
export const availabilityOption = z.object({
  value: z.string(),
  label: z.string(),
  available: z.boolean(),
  /** When the ad must be delivered for this date (YYYY-MM-DD). */
  deadline: z.string(),
  /** Why an unavailable date cannot be bought; null when it can. */
  unavailable: z.enum(['sold-out', 'deadline-passed']).nullable(),
});
export type AvailabilityOption = z.infer<typeof availabilityOption>;

/** A quantity option: a multiple of the step, with its localized name ("5,000") and its value. */
export const quantityOption = z.object({ label: z.string(), value: z.number().int().positive() });

/** GET /media/{mediacode}/availability: `prodcode` (upper case) is accepted and not needed. */
export const availabilityQuery = z.object({ prodcode: marketQuery.shape.prodcode.optional() });

/** GET /media/{mediacode}/availability (prodcode). */
export const availability = z.object({
  mediacode: z.string(),
  /** What the dates are: magazine issues, flight weeks (Mondays), or none (design work). */
  kind: z.enum(['issues', 'weeks', 'none']),
  options: z.array(availabilityOption),
  /** What quantity counts ("full-page ads per issue", "spots per week", "postcards"...). */
  quantity_label: z.string(),
  quantities: z.array(quantityOption),
  /** How many dates one item may have. */
  max_dates: z.number().int().positive(),
});
export type Availability = z.infer<typeof availability>;

export const DATE_VALUE = /^(\d{4}\/(0[1-9]|1[0-2])|\d{4}-\d{2}-\d{2})$/;

/** GET /media/{mediacode}/quote: `dates[]` (values from availability) and `quantity`. */
export const quoteQuery = z.object({
  dates: z
    .array(z.string().regex(DATE_VALUE, 'A date is an issue (2027/03) or a day (2027-01-04).'))
    .max(52, 'Choose at most 52 dates.')
    .default([]),
  quantity: z.coerce
    .number({ error: 'The quantity is a whole number.' })
    .int('The quantity is a whole number.')
    .positive('The quantity is at least 1.'),
});

/** A price computed by the server: the client never sends prices, only what it wants. */
export const quote = z.object({
  mediacode: z.string(),
  dates: z.array(z.string()),
  quantity: z.number().int(),
  unit_price: z.number(),
  unit_label: z.string(),
  /** Each part of the price, in order, ending with any discount. */
  lines: z.array(z.object({ label: z.string(), amount: z.number() })),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  total_formatted: z.string(),
  /** The first day the placement runs and the last (YYYY-MM-DD). */
  start: z.string().nullable(),
  end: z.string().nullable(),
  /** When the ad must be delivered for the first date (YYYY-MM-DD). */
  materials_due: z.string().nullable(),
});
export type Quote = z.infer<typeof quote>;
