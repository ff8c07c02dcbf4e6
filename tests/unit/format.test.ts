import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, formatCentsExact, formatCount, formatUsd } from '../../contract/money';
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

/** The money text is written by hand (no locale data on a page's first second); Intl is the reference. */
describe('hand-written en-US numbers agree with Intl', () => {
  const usd = (digits: number) =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  const wholeUsd = usd(0);
  const exactUsd = usd(2);
  const plain = new Intl.NumberFormat('en-US');
  const anyNumber = fc.oneof(
    fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
    fc.double({ noNaN: false }),
    fc.double({ min: -1e6, max: 1e6 }),
    fc.integer({ min: -2_000_000, max: 2_000_000 }).map((n) => n + 0.5),
    fc.constantFrom(0, -0, 999.5, -999.5, 1e15, -1e15, 1e15 - 1, Number.MAX_SAFE_INTEGER, 1e21),
  );

  it('whole dollars, from dollars and from cents', () => {
    fc.assert(
      fc.property(anyNumber, (n) => {
        expect(formatUsd(n)).toBe(wholeUsd.format(n));
        expect(formatCents(n)).toBe(wholeUsd.format(n / 100));
      }),
      { numRuns: 5000 },
    );
  });

  it('dollars and cents from whole cents', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constant(-0)), (cents) => {
        expect(formatCentsExact(cents)).toBe(exactUsd.format(cents / 100));
      }),
      { numRuns: 5000 },
    );
  });

  it('counts', () => {
    fc.assert(
      fc.property(anyNumber, (n) => {
        expect(formatCount(n)).toBe(plain.format(n));
      }),
      { numRuns: 5000 },
    );
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
