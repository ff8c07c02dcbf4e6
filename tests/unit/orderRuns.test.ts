import { describe, expect, it } from 'vitest';
import { runsOf, spanOfRuns } from '../../server/orders/runs';
import { inTimeZone } from './timeZone';

/*
 * An order's runs from what it bought (server/orders/runs.ts). Expected days are worked out by hand:
 * an issue runs its month and its artwork is due 31 days before the 1st; a week runs Monday to Sunday
 * and is due the Friday before; a mailing's drop week runs its four-day in-home window; design work
 * starts two days after the day placed, ends 14 days later, and its materials are due the next day.
 */

/** A local instant written without a zone ("2027-03-31T23:59:59.999" is that local time). */
const local = (value: string) => new Date(value);
const bought = (
  dates: string[],
  extra: { mailing?: boolean; totalCents?: number; placedAt?: Date } = {},
) => ({
  dates,
  mailing: extra.mailing ?? false,
  placedAt: extra.placedAt ?? local('2027-01-11T10:00:00'),
  totalCents: extra.totalCents ?? 300_000,
});
const days = (runs: ReturnType<typeof runsOf>) =>
  runs.map((r) => ({
    label: r.label,
    value: r.value,
    starts: r.starts.getTime(),
    ends: r.ends.getTime(),
    adDue: r.adDue.getTime(),
  }));

describe('an order’s runs', () => {
  it('run an issue for its whole month, its artwork due 31 days before the 1st', () => {
    expect(days(runsOf(bought(['2027/03'])))).toEqual([
      {
        label: 'March 2027 issue',
        value: '2027/03',
        starts: local('2027-03-01T00:00:00').getTime(),
        ends: local('2027-03-31T23:59:59.999').getTime(),
        // 1 March less 31 days, over a 28-day February: 29 January.
        adDue: local('2027-01-29T23:59:59.999').getTime(),
      },
    ]);
  });

  it('end a month on its last day, 30, 31 or February’s 28 or 29 in a leap year', () => {
    const ends = (value: string) => runsOf(bought([value]))[0]?.ends.getTime();
    expect(ends('2027/04')).toBe(local('2027-04-30T23:59:59.999').getTime());
    expect(ends('2027/12')).toBe(local('2027-12-31T23:59:59.999').getTime());
    expect(ends('2027/02')).toBe(local('2027-02-28T23:59:59.999').getTime());
    expect(ends('2028/02')).toBe(local('2028-02-29T23:59:59.999').getTime());
    // In 2028 February has 29 days: March's artwork is due 30 January; December's 31 October.
    expect(runsOf(bought(['2028/03']))[0]?.adDue.getTime()).toBe(local('2028-01-30T23:59:59.999').getTime());
    expect(runsOf(bought(['2027/12']))[0]?.adDue.getTime()).toBe(local('2027-10-31T23:59:59.999').getTime());
  });

  it('run a week Monday to Sunday, its creative due the Friday before', () => {
    expect(days(runsOf(bought(['2027-01-18'])))).toEqual([
      {
        label: 'Week of Jan 18, 2027',
        value: '2027-01-18',
        starts: local('2027-01-18T00:00:00').getTime(),
        ends: local('2027-01-24T23:59:59.999').getTime(),
        adDue: local('2027-01-15T23:59:59.999').getTime(),
      },
    ]);
  });

  it('run a mailing’s drop week for its in-home window, Monday to Thursday', () => {
    expect(days(runsOf(bought(['2027-01-18'], { mailing: true })))).toEqual([
      {
        label: 'Drop week of Jan 18, 2027',
        value: '2027-01-18',
        starts: local('2027-01-18T00:00:00').getTime(),
        ends: local('2027-01-21T23:59:59.999').getTime(),
        adDue: local('2027-01-15T23:59:59.999').getTime(),
      },
    ]);
  });

  it('give undated design work one run from two days after the day placed, for 14 days', () => {
    const runs = runsOf(bought([], { placedAt: local('2027-01-11T22:30:00'), totalCents: 150_000 }));
    expect(days(runs)).toEqual([
      {
        label: 'Design work',
        value: null,
        starts: local('2027-01-13T00:00:00').getTime(),
        ends: local('2027-01-27T23:59:59.999').getTime(),
        adDue: local('2027-01-12T23:59:59.999').getTime(),
      },
    ]);
    expect(runs[0]?.priceCents).toBe(150_000);
  });

  it('list the dates bought in order, once each, and span them', () => {
    const runs = runsOf(bought(['2027-02-01', '2027-01-18', '2027-02-01', '2027-01-25']));
    expect(runs.map((r) => r.value)).toEqual(['2027-01-18', '2027-01-25', '2027-02-01']);
    expect(spanOfRuns(runs)).toEqual({
      startsAt: local('2027-01-18T00:00:00'),
      endsAt: local('2027-02-07T23:59:59.999'),
      cancelBy: local('2027-01-15T23:59:59.999'),
    });
  });

  it('share the price in whole dollars, the dollar left over and the odd cents to the first run', () => {
    // $19,999.99 over two issues: $9,999.50 each would show as $10,000 twice.
    expect(
      runsOf(bought(['2027/03', '2027/04'], { totalCents: 1_999_999 })).map((r) => r.priceCents),
    ).toEqual([1_000_099, 999_900]);
  });
});

describe('an order’s runs across a daylight-saving change (America/Chicago)', () => {
  inTimeZone('America/Chicago');

  it('end the week the clocks go forward at 23:59:59.999 local on Sunday, six days and 23 hours on', () => {
    // 14 March 2027: clocks go from 2:00 to 3:00 in Chicago.
    const [run] = runsOf(bought(['2027-03-08']));
    if (!run) throw new Error('No run');
    expect([
      run.ends.getDate(),
      run.ends.getHours(),
      run.ends.getMinutes(),
      run.ends.getMilliseconds(),
    ]).toEqual([14, 23, 59, 999]);
    expect(run.ends.getTime() - run.starts.getTime()).toBe((7 * 24 - 1) * 3_600_000 - 1);
    expect(run.starts.toISOString()).toBe('2027-03-08T06:00:00.000Z');
    expect(run.ends.toISOString()).toBe('2027-03-15T04:59:59.999Z');
  });

  it('keep the Friday before as the deadline of the week after the change, and the month’s end in the fall', () => {
    // The week after the change starts at midnight CDT (UTC−5); its creative was due Friday 12 March,
    // the end of that day still in CST (UTC−6).
    const [week] = runsOf(bought(['2027-03-15']));
    expect(week?.starts.toISOString()).toBe('2027-03-15T05:00:00.000Z');
    expect(week?.adDue.toISOString()).toBe('2027-03-13T05:59:59.999Z');
    // 7 November 2027: clocks go back from 2:00 to 1:00; November's issue ends 30 November, CST.
    const [issue] = runsOf(bought(['2027/11']));
    expect(issue?.starts.toISOString()).toBe('2027-11-01T05:00:00.000Z');
    expect(issue?.ends.toISOString()).toBe('2027-12-01T05:59:59.999Z');
    const [fall] = runsOf(bought(['2027-11-01']));
    expect(fall?.ends.getTime()).toBe(local('2027-11-07T23:59:59.999').getTime());
    expect((fall?.ends.getTime() ?? 0) - (fall?.starts.getTime() ?? 0)).toBe((7 * 24 + 1) * 3_600_000 - 1);
  });
});
