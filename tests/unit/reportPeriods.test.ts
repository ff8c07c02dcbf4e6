import { describe, expect, it } from 'vitest';
import { monthsOf, periodOf, ratePercent } from '../../contract/adminReports';
import { parseReportsSearch } from '../../src/lib/adminSearch/reports';

/** The reports' periods (issue 32, part 4): their defaults by the clock, their limits, their months. */
describe('a report’s period', () => {
  const now = new Date('2027-02-03T15:00:00Z');

  it('is the last 12 months by the clock when none is asked, this one included', () => {
    expect(periodOf({}, now)).toEqual({ from: '2026-03', to: '2027-02' });
    expect(periodOf({ to: '2026-12' }, now)).toEqual({ from: '2026-01', to: '2026-12' });
    expect(periodOf({ from: '2026-11' }, now)).toEqual({ from: '2026-11', to: '2027-02' });
  });

  it('takes a month in the UTC month it falls in', () => {
    expect(periodOf({}, new Date('2027-01-31T23:30:00-05:00'))).toHaveProperty('to', '2027-02');
  });

  it('refuses ends the wrong way round and more than 36 months, saying what to change', () => {
    expect(periodOf({ from: '2027-05', to: '2027-01' }, now)).toEqual({
      error:
        'The first month (2027-05) comes after the last (2027-01): choose a first month on or before it.',
    });
    expect(periodOf({ from: '2024-02', to: '2027-01' }, now)).toEqual({ from: '2024-02', to: '2027-01' });
    expect(periodOf({ from: '2024-01', to: '2027-01' }, now)).toHaveProperty(
      'error',
      expect.stringMatching(/at most 36 months; 2024-01 to 2027-01 is 37/),
    );
  });

  it('lists its months across a year’s end', () => {
    expect(monthsOf({ from: '2026-11', to: '2027-02' })).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
  });

  it('reads from the address only what it can use', () => {
    expect(parseReportsSearch({ from: '2027-01', to: '2027-13', by: 'rep' })).toEqual({
      from: '2027-01',
      to: undefined,
      by: 'rep',
    });
    expect(parseReportsSearch({ from: 202701, by: 'year' })).toEqual({
      from: undefined,
      to: undefined,
      by: undefined,
    });
  });

  it('gives conversion to one decimal, and none without carts', () => {
    expect([ratePercent(5, 6), ratePercent(0, 3), ratePercent(0, 0)]).toEqual([83.3, 0, null]);
  });
});
