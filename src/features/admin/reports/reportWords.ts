import { formatCents, formatCentsExact } from '../../../../contract/money';

/** How the reports read: months in words, money to the cent in tables and in whole dollars on axes. */

/** `2027-01` as "Jan 2027" (the month is a UTC month, as the server counts it). */
export const monthWords = (month: string): string =>
  /^\d{4}-\d{2}$/.test(month)
    ? new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : month;

export const exactMoney = formatCentsExact;
export const axisMoney = formatCents;
export const count = (value: number): string => value.toLocaleString('en-US');

/** An instant as the day it falls on, in the viewer's time. */
export const dayWords = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
