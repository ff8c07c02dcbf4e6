import { describe, expect, it } from 'vitest';
import { dueBefore, endOfPeriods, isoDay, parseDay } from '../../contract/schedule';

const at = (date: Date) => `${isoDay(date)} ${date.toTimeString().slice(0, 8)}`;

describe('SPEC section 9 date helpers', () => {
  it('endOfPeriods: add 4 × N days, subtract 1 day, end at 23:59:59', () => {
    const monday = parseDay('2027-01-04');
    expect(at(endOfPeriods(monday, 1))).toBe('2027-01-07 23:59:59');
    expect(at(endOfPeriods(monday, 3))).toBe('2027-01-15 23:59:59');
    expect(at(endOfPeriods(monday, 0))).toBe('2027-01-03 23:59:59');
    expect(endOfPeriods(monday, 1).getMilliseconds()).toBe(999);
  });

  it('endOfPeriods crosses months and years', () => {
    expect(at(endOfPeriods(parseDay('2027-12-27'), 2))).toBe('2028-01-03 23:59:59');
    expect(at(endOfPeriods(parseDay('2028-02-27'), 1))).toBe('2028-03-01 23:59:59');
  });

  it('dueBefore: add N days, subtract 3 days, end at 23:59:59', () => {
    const monday = parseDay('2027-01-04');
    expect(at(dueBefore(monday, 0))).toBe('2027-01-01 23:59:59');
    expect(at(dueBefore(monday, 10))).toBe('2027-01-11 23:59:59');
    expect(at(dueBefore(parseDay('2027-03-01'), -28))).toBe('2027-01-29 23:59:59');
  });

  it('reads and writes calendar days without shifting them', () => {
    expect(isoDay(parseDay('2027-06-30'))).toBe('2027-06-30');
  });
});
