import { addWeeks, format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MEDIA_TYPES, type MediaType } from '../../contract/mediaTypes';
import { formatCents } from '../../contract/money';
import type { Placement } from '../../server/catalogue/placement';
import { allocateCents } from '../../server/orders/allocate';
import { runsOf } from '../../server/orders/runs';
import { priceOf } from '../../server/pricing/quote';
import { allowedQuantities, salesRule } from '../../server/pricing/rules';

/*
 * The prices of an order's runs (issue 28, point 1): they add up to the order's total to the cent, and
 * the whole dollars the pages show for them add up to the whole dollars shown for the total.
 */

function placement(media_type: MediaType, unitCents: number): Placement {
  return {
    mediacode: 'TEST-01',
    name: 'Test placement',
    media_type,
    partner: null,
    prodcode: null,
    market: 'National',
    state: null,
    lifestyle: 'all',
    unit_price: unitCents / 100,
    unit_label: 'per unit',
    reach: 1_000,
    reach_label: '1,000',
    image: '/images/placement.png',
    description: '',
    schedule: { kind: 'none' },
  };
}

/** Whole dollars as a page shows them, read back as a number: "$7,671" → 7671. */
const shownDollars = (cents: number) => Number(formatCents(cents).replace(/[$,]/g, ''));

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** `count` issue months from March 2027, or Mondays from 18 January 2027. */
function datesBought(kind: 'issues' | 'weeks', count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    kind === 'issues'
      ? format(new Date(2027, 2 + i, 1), 'yyyy/MM')
      : format(addWeeks(new Date(2027, 0, 18), i), 'yyyy-MM-dd'),
  );
}

const DATED_TYPES = MEDIA_TYPES.filter((type) => salesRule(type).kind !== 'none');

/** A dated placement at any price in cents, one of its quantities and a number of its dates. */
const anOrder = fc
  .record({
    type: fc.constantFrom(...DATED_TYPES),
    unitCents: fc.integer({ min: 1, max: 5_000_000 }),
    pick: fc.nat(),
    dateCount: fc.nat(),
  })
  .map(({ type, unitCents, pick, dateCount }) => {
    const rule = salesRule(type);
    const quantities = allowedQuantities(rule);
    return {
      type,
      unitCents,
      quantity: quantities[pick % quantities.length] ?? rule.min,
      dates: datesBought(rule.kind === 'issues' ? 'issues' : 'weeks', 1 + (dateCount % rule.maxDates)),
    };
  });

describe('the prices of an order’s runs', () => {
  it('add up to the total on the page: four issues at $8,075 less 5% are $7,672, $7,671, $7,671 and $7,671', () => {
    const price = priceOf(placement('printmag', 807_500), 1, 4);
    expect(price.totalCents).toBe(3_068_500);
    const runs = runsOf({
      dates: datesBought('issues', 4),
      mailing: false,
      placedAt: new Date(2027, 0, 11),
      totalCents: price.totalCents,
    });
    expect(runs.map((run) => formatCents(run.priceCents))).toEqual(['$7,672', '$7,671', '$7,671', '$7,671']);
  });

  it('add up to the total to the cent, and in the whole dollars shown, whatever the quantity, dates and discount', () => {
    fc.assert(
      fc.property(anOrder, ({ type, unitCents, quantity, dates }) => {
        const price = priceOf(placement(type, unitCents), quantity, dates.length);
        const runs = runsOf({
          dates,
          mailing: type === 'eddm' || type === 'abdm',
          placedAt: new Date(2027, 0, 11),
          totalCents: price.totalCents,
        });
        const cents = runs.map((run) => run.priceCents);
        expect(cents).toHaveLength(dates.length);
        expect(sum(cents)).toBe(price.totalCents);
        expect(sum(cents.map(shownDollars))).toBe(shownDollars(price.totalCents));
        const odd = price.totalCents % 100;
        expect(cents.filter((c) => c % 100 !== 0).length).toBeLessThanOrEqual(odd === 0 ? 0 : 1);
        // Each run is within a dollar (and the total's odd cents) of its exact share.
        const exact = price.totalCents / dates.length;
        for (const c of cents) expect(Math.abs(c - exact)).toBeLessThan(100 + odd);
      }),
      { numRuns: 500 },
    );
  });

  it('share any amount by any weights, each share within a dollar of its quota and the rest by largest remainder', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e11 }),
        fc.array(fc.integer({ min: 0, max: 1_000 }), { minLength: 1, maxLength: 30 }),
        (total, raw) => {
          const weights = raw.some((w) => w > 0) ? raw : [1, ...raw];
          const shares = allocateCents(total, weights);
          expect(sum(shares)).toBe(total);
          const dollars = Math.floor(total / 100);
          const weight = sum(weights);
          const withCents = weights.indexOf(Math.max(...weights));
          shares.forEach((share, i) => {
            const whole = (share - (i === withCents ? total % 100 : 0)) / 100;
            expect(Number.isInteger(whole)).toBe(true);
            const quota = (dollars * (weights[i] ?? 0)) / weight;
            expect(whole).toBeGreaterThanOrEqual(Math.floor(quota));
            expect(whole).toBeLessThanOrEqual(Math.floor(quota) + 1);
          });
        },
      ),
    );
  });

  it('give the dollars left over to the largest remainders, ties to the earlier run', () => {
    // $10 over weights 1, 2, 3: quotas 1.67, 3.33 and 5; the one dollar left goes to the first.
    expect(allocateCents(1_000, [1, 2, 3])).toEqual([200, 300, 500]);
    // $3 over four equal runs: the first three get a dollar each.
    expect(allocateCents(300, [1, 1, 1, 1])).toEqual([100, 100, 100, 0]);
    expect(allocateCents(0, [1, 1])).toEqual([0, 0]);
    expect(() => allocateCents(-1, [1])).toThrow(RangeError);
    expect(() => allocateCents(100, [0, 0])).toThrow(RangeError);
  });
});
