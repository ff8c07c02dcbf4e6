import { addDays, endOfDay, format, subDays } from 'date-fns';

/**
 * The two date helpers of SPEC section 9, shared by the API (quotes, deadlines) and the storefront.
 * Both end at 23:59:59 of the day they land on.
 */

/** Add 4 × N days, subtract 1 day, end of day: the last day of N four-day periods from `start` (a mailing's in-home window per drop). */
export const endOfPeriods = (start: Date, periods: number): Date =>
  endOfDay(subDays(addDays(start, 4 * periods), 1));

/** Add N days, subtract 3 days, end of day: a deadline three days before `start` + N days (materials due). */
export const dueBefore = (start: Date, days: number): Date => endOfDay(subDays(addDays(start, days), 3));

/** A local calendar day written YYYY-MM-DD (no time zone shift). */
export const isoDay = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** A YYYY-MM-DD day as a local date at midnight. */
export const parseDay = (value: string): Date => {
  const [year = 0, month = 1, day = 1] = value.split('-').map(Number);
  return new Date(year, month - 1, day);
};

/** A YYYY-MM-DD day as a person reads it: "Jan 18, 2027" (pages and the API's sentences alike). */
export const dayInWords = (day: string): string => format(parseDay(day), 'MMM d, yyyy');
