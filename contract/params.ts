import { z } from 'zod';

/**
 * The path parameters of SPEC section 7's addresses, as both sides read them: the API validates its
 * routes' parameters with these, and the storefront's routes validate theirs before asking.
 */
export const cartIdParam = z.uuid('The cart id in the address is not valid.');

export const cartItemIdParam = z
  .string()
  .regex(/^[1-9]\d{0,8}$/, 'The item id in the address is not valid.')
  .transform(Number);

export const eddmSelectionIdParam = z.uuid('The every-door selection id in the address is not valid.');

export const eddmAreaIdParam = z.uuid('The saved area id in the address is not valid.');
export const userUuidParam = z.uuid('The user id in the address is not valid.');

/** Media codes are upper case; an address may carry one in any case. */
export const mediacodeParam = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9-]{3,32}$/, 'A media code is 3 to 32 capital letters, digits or dashes.'));

export const invitationIdParam = z.uuid('The invitation id in the address is not valid.');

/** `page` of a list's query (orders, invoices): a whole number from 1, the first page when absent. */
export const pageParam = z.coerce
  .number({ error: 'The page is a whole number.' })
  .int('The page is a whole number.')
  .min(1, 'The first page is page 1.')
  .max(100_000, 'There are not that many pages.')
  .default(1);

/** A day of the calendar, YYYY-MM-DD, from a query or a form: 2024-13-01 and 2027-02-30 are refused. */
export const calendarDay = z.iso.date('A day is written YYYY-MM-DD, and is a day of the calendar.');
