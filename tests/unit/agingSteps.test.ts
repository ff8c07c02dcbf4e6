import { describe, expect, it } from 'vitest';
import { daysPastDue } from '../../server/billing/aging';

/*
 * How late an invoice is (issue 32, point 4), which its aging bucket and its reminder steps are
 * counted from: whole UTC days from its due date's day, at the edges of a day.
 */
describe('days past due', () => {
  const due = new Date('2027-02-10T09:00:00.000Z');
  it.each([
    ['2027-02-09T23:00:00.000Z', 0],
    ['2027-02-10T23:59:59.999Z', 0],
    ['2027-02-11T00:00:00.000Z', 1],
    ['2027-03-12T08:00:00.000Z', 30],
    ['2028-02-10T00:00:00.000Z', 365],
  ])('at %s is %i', (at, days) => {
    expect(daysPastDue(due, new Date(at))).toBe(days);
  });
});
