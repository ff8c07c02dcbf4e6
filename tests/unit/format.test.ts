import { describe, expect, it } from 'vitest';
import { formatCents, formatCount, formatUsd } from '../../contract/money';
import { formatIssue, formatStartDate } from '../../src/lib/dates';

describe('currency (SPEC section 9: US dollars, en-US, no decimals)', () => {
  it('formats whole dollars with grouping and no decimals', () => {
    expect(formatUsd(8075)).toBe('$8,075');
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(1_234_567)).toBe('$1,234,567');
  });

  it('rounds cents away', () => {
    expect(formatUsd(426.49)).toBe('$426');
    expect(formatUsd(426.5)).toBe('$427');
  });

  it('formats cents as whole dollars, a discount with its sign', () => {
    expect(formatCents(1_250_000)).toBe('$12,500');
    expect(formatCents(-62_500)).toBe('-$625');
  });

  it('formats counts en-US', () => {
    expect(formatCount(151600)).toBe('151,600');
  });
});

describe('dates', () => {
  it('reads a magazine issue written year/month', () => {
    expect(formatIssue('2027/03')).toBe('March 2027');
    expect(formatIssue('2027/12')).toBe('December 2027');
  });

  it('passes through an issue it cannot read', () => {
    expect(formatIssue('Spring 2027')).toBe('Spring 2027');
  });

  it('writes a start date with its weekday', () => {
    expect(formatStartDate('2027-01-04')).toBe('Mon, Jan 4, 2027');
    expect(formatStartDate('not a date')).toBe('not a date');
  });
});
