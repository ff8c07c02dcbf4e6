import { describe, expect, it } from 'vitest';
import { isoDay } from '../../contract/schedule';
import { runsOf } from '../../server/orders/runs';
import { adDueOf, nextDate, type Schedule, scheduledDates, weekNumber } from '../../server/pricing/schedule';

/*
 * A placement's dates from its rules and the clock (server/pricing/schedule.ts). Expected values are
 * worked out by hand: an issue is due 31 days before the 1st of its month, a week the Friday before
 * its Monday; weeks are numbered from Monday 5 January 1970.
 */
const MONTHLY: Schedule = {
  kind: 'issues',
  issueMonths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  soldOutMonths: [12],
};
const QUARTERLY: Schedule = { kind: 'issues', issueMonths: [2, 5, 8, 11], soldOutMonths: [] };
const WEEKLY: Schedule = { kind: 'weeks', soldOutEvery: 5, soldOutOffset: 2 };

/** Noon of a day, local time (the clock is read as a local calendar day). */
const day = (value: string) => new Date(`${value}T12:00:00`);
const values = (dates: ReturnType<typeof scheduledDates>) =>
  dates.map((d) => [d.value, d.deadline, d.soldOut]);

describe('placement schedules', () => {
  it('number weeks from Monday 5 January 1970', () => {
    expect(weekNumber(new Date(1970, 0, 5))).toBe(0);
    expect(weekNumber(new Date(1970, 0, 12))).toBe(1);
    // 1 Jan 1970 to 1 Jan 2027: 57 years, 14 leap days, 20,819 days; 18 Jan 2027 is day 20,836.
    expect(weekNumber(new Date(2027, 0, 18))).toBe((20_836 - 4) / 7);
    // Across a daylight-saving change (in zones that have one) the count stays whole.
    expect(weekNumber(new Date(2027, 2, 15)) - weekNumber(new Date(2027, 2, 8))).toBe(1);
    expect(weekNumber(new Date(2027, 10, 8)) - weekNumber(new Date(2027, 10, 1))).toBe(1);
  });

  it('sell a monthly’s issues of the twelve months from next month', () => {
    const dates = scheduledDates('issues', MONTHLY, day('2027-01-11'));
    expect(dates).toHaveLength(12);
    expect(values(dates).slice(0, 3)).toEqual([
      ['2027/02', '2027-01-01', false],
      ['2027/03', '2027-01-29', false],
      ['2027/04', '2027-03-01', false],
    ]);
    expect(values(dates).at(-2)).toEqual(['2027/12', '2027-10-31', true]);
    expect(values(dates).at(-1)).toEqual(['2028/01', '2027-12-01', false]);
  });

  it('name as next issue the first whose deadline has not passed, which can be next month or later', () => {
    // On 1 August (a 31-day July before it), September's issue is due that very day: still open.
    expect(nextDate('issues', MONTHLY, day('2027-08-01'))?.value).toBe('2027/09');
    expect(nextDate('issues', MONTHLY, day('2027-08-02'))?.value).toBe('2027/10');
    // On 30 January 2027, March's issue was due 29 January (February has 28 days): April's is next.
    expect(nextDate('issues', MONTHLY, day('2027-01-30'))?.value).toBe('2027/04');
    // In 2028 February has 29 days: March's issue is due 30 January.
    expect(nextDate('issues', MONTHLY, day('2028-01-30'))?.value).toBe('2028/03');
    // A quarterly's next issue is the next month of its calendar whose deadline is ahead: February's
    // is due 1 January, then May's.
    expect(nextDate('issues', QUARTERLY, day('2027-01-01'))?.value).toBe('2027/02');
    expect(nextDate('issues', QUARTERLY, day('2027-01-02'))?.value).toBe('2027/05');
  });

  it('sell a quarterly’s four issues of the coming year', () => {
    expect(values(scheduledDates('issues', QUARTERLY, day('2030-12-28')))).toEqual([
      ['2031/02', '2031-01-01', false],
      ['2031/05', '2031-03-31', false],
      ['2031/08', '2031-07-01', false],
      ['2031/11', '2031-10-01', false],
    ]);
  });

  it('sell 26 weeks from next Monday, this week never, with one in `every` sold out', () => {
    // Monday 11 January 2027: next Monday is the 18th, week 2,976 (≡ 1 modulo 5).
    const dates = scheduledDates('weeks', WEEKLY, day('2027-01-11'));
    expect(dates).toHaveLength(26);
    expect(values(dates).slice(0, 3)).toEqual([
      ['2027-01-18', '2027-01-15', false],
      ['2027-01-25', '2027-01-22', true], // week 2,977 ≡ 2
      ['2027-02-01', '2027-01-29', false],
    ]);
    expect(dates.filter((d) => d.soldOut).map((d) => d.value)).toEqual([
      '2027-01-25',
      '2027-03-01',
      '2027-04-05',
      '2027-05-10',
      '2027-06-14',
    ]);
    expect(dates.at(-1)?.value).toBe('2027-07-12');
    expect(scheduledDates('weeks', WEEKLY, day('2027-01-17'))[0]?.value).toBe('2027-01-18');
    expect(nextDate('weeks', WEEKLY, day('2027-01-15'))?.value).toBe('2027-01-18');
  });

  it('start from the first date that can be bought, past a sold-out week or issue', () => {
    // On Sunday the 17th the 18th's deadline has passed and the week of the 25th is sold out: the
    // first week on sale is 1 February.
    expect(nextDate('weeks', WEEKLY, day('2027-01-17'))?.value).toBe('2027-02-01');
    // On 1 October a monthly's November issue (due 1 October) is still on sale; on the 2nd, December's
    // is the next, but it sells out every year: January's is the first on sale.
    expect(nextDate('issues', MONTHLY, day('2027-10-01'))?.value).toBe('2027/11');
    expect(nextDate('issues', MONTHLY, day('2027-10-02'))?.value).toBe('2028/01');
    // Nothing on sale, nothing to start from.
    const allSoldOut: Schedule = { kind: 'weeks', soldOutEvery: 1, soldOutOffset: 0 };
    expect(nextDate('weeks', allSoldOut, day('2027-01-11'))).toBeNull();
  });

  it('fall back to plain rules (every month or week, nothing sold out) for rules of another kind, and give design work no dates', () => {
    const weeks = scheduledDates('weeks', MONTHLY, day('2027-01-11'));
    expect(weeks).toHaveLength(26);
    expect(weeks.some((d) => d.soldOut)).toBe(false);
    const issues = scheduledDates('issues', null, day('2027-01-11'));
    expect(issues.map((d) => d.value)).toHaveLength(12);
    expect(issues.some((d) => d.soldOut)).toBe(false);
    expect(scheduledDates('none', { kind: 'none' }, day('2027-01-11'))).toEqual([]);
    expect(nextDate('none', { kind: 'none' }, day('2027-01-11'))).toBeNull();
  });
});

describe('placement schedules set in the back office (issue 31)', () => {
  // 18 January 2027 is week 2,976 (= 4 × 744): a multiple of 2 and of 4.
  const today = day('2027-01-11');

  it('fly or drop every 2 or 4 weeks, on the weeks whose number is a multiple of it', () => {
    const every2 = scheduledDates('weeks', { ...WEEKLY, soldOutEvery: 0, everyWeeks: 2 }, today);
    expect(every2.map((d) => d.value).slice(0, 3)).toEqual(['2027-01-18', '2027-02-01', '2027-02-15']);
    expect(every2).toHaveLength(13);
    const every4 = scheduledDates('weeks', { ...WEEKLY, soldOutEvery: 0, everyWeeks: 4 }, day('2027-01-19'));
    expect(every4.map((d) => d.value).slice(0, 2)).toEqual(['2027-02-15', '2027-03-15']);
  });

  it('move every deadline by the lead days', () => {
    const issues = scheduledDates('issues', { ...QUARTERLY, leadDays: -10 }, today);
    // February's issue: 1 Feb − 10 − 3 days.
    expect(issues[0]?.deadline).toBe('2027-01-19');
    const weeks = scheduledDates('weeks', { ...WEEKLY, leadDays: -7 }, today);
    expect(weeks[0]?.deadline).toBe('2027-01-08');
  });

  it('leave out a closed date, mark a sold-out one, and move one deadline', () => {
    const rules: Schedule = {
      ...QUARTERLY,
      exceptions: [
        { value: '2027/05', closed: true },
        { value: '2027/08', soldOut: true },
        { value: '2027/11', deadline: '2027-10-20' },
        { value: '2031/01', closed: true },
      ],
    };
    expect(values(scheduledDates('issues', rules, today))).toEqual([
      ['2027/02', '2027-01-01', false],
      ['2027/08', '2027-07-01', true],
      ['2027/11', '2027-10-20', false],
    ]);
    expect(nextDate('issues', rules, day('2027-01-02'))?.value).toBe('2027/11');
  });

  it('give an order’s runs the deadlines of the rules it was bought under', () => {
    const rules: Schedule = {
      ...WEEKLY,
      leadDays: -7,
      exceptions: [{ value: '2027-01-25', deadline: '2027-01-20' }],
    };
    const runs = runsOf(
      { dates: ['2027-01-18', '2027-01-25'], mailing: false, placedAt: today, totalCents: 1_000 },
      adDueOf(rules),
    );
    expect(runs.map((run) => isoDay(run.adDue))).toEqual(['2027-01-08', '2027-01-20']);
    expect(runs[1]?.adDue.getHours()).toBe(23);
    // Seeded rules (no lead days, no exceptions) keep the kind's deadline: the Friday before.
    const plain = runsOf(
      { dates: ['2027-01-18'], mailing: false, placedAt: today, totalCents: 1_000 },
      adDueOf(WEEKLY),
    );
    expect(isoDay(plain[0]?.adDue ?? today)).toBe('2027-01-15');
    expect(adDueOf({ kind: 'none' })).toBeUndefined();
  });
});
