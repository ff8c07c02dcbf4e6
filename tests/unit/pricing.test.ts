import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RateCard } from '../../contract/adminCatalogue';
import type { Placement } from '../../server/catalogue/placement';
import { buildCatalogue } from '../../server/db/seed/catalogue';
import { buildGeography } from '../../server/db/seed/geography';
import type { SeedMedia } from '../../server/db/seed/media/common';
import { availabilityOf } from '../../server/pricing/availability';
import { priceOf, quotePlacement } from '../../server/pricing/quote';
import { allowedQuantities, salesRule } from '../../server/pricing/rules';

/*
 * Issue 31: a placement's rate card (its own quantities and volume discounts) replaces its channel's
 * rule only where the back office set one. Every seeded placement has none, so each must price
 * exactly as the catalogue always has: unit price × units × dates, less 5% from 4 dates and 10% from
 * 8, in whole dollars (the formula is written out here, apart from the server's code).
 */

const seeded = buildCatalogue(buildGeography().markets);

function placementOf(seed: SeedMedia, rateCard: RateCard | null = null): Placement {
  return {
    mediacode: seed.mediacode,
    name: seed.name,
    media_type: seed.mediaType,
    partner: seed.partner,
    prodcode: seed.prodcode,
    market: 'Market',
    state: null,
    lifestyle: seed.lifestyle,
    unit_price: seed.unitPriceCents / 100,
    unit_label: seed.unitLabel,
    reach: seed.reach,
    reach_label: seed.reachLabel,
    image: seed.image,
    description: seed.description,
    schedule: seed.schedule,
    rateCard,
  };
}

/** The catalogue's price before rate cards, in cents. */
function formerTotal(seed: SeedMedia, quantity: number, dates: number): number {
  const rule = salesRule(seed.mediaType);
  const times = rule.kind === 'none' ? 1 : dates;
  const subtotal = Math.round(seed.unitPriceCents * (quantity / rule.perUnit) * times);
  const percent = dates >= 8 ? 10 : dates >= 4 ? 5 : 0;
  return subtotal - Math.round((subtotal * percent) / 100 / 100) * 100;
}

/** A seeded placement, one of its channel's quantities and a number of dates it may be bought for. */
const purchase = fc.constantFrom(...seeded).chain((seed) =>
  fc.record({
    seed: fc.constant(seed),
    quantity: fc.constantFrom(...allowedQuantities(salesRule(seed.mediaType))),
    dates: fc.integer({ min: 1, max: salesRule(seed.mediaType).maxDates }),
  }),
);

describe('rate cards', () => {
  it('leave every seeded placement priced exactly as before', () => {
    expect(seeded.length).toBeGreaterThan(1_000);
    fc.assert(
      fc.property(purchase, ({ seed, quantity, dates }) => {
        expect(priceOf(placementOf(seed), quantity, dates).totalCents).toBe(
          formerTotal(seed, quantity, dates),
        );
      }),
      { numRuns: 2_000 },
    );
  });

  it('price as the channel does when the card restates the channel’s rule', () => {
    fc.assert(
      fc.property(purchase, ({ seed, quantity, dates }) => {
        const rule = salesRule(seed.mediaType);
        const card: RateCard = {
          min: rule.min,
          max: rule.max,
          step: rule.step,
          discounts: [
            { from_dates: 4, percent: 5 },
            { from_dates: 8, percent: 10 },
          ],
        };
        expect(priceOf(placementOf(seed, card), quantity, dates)).toEqual(
          priceOf(placementOf(seed), quantity, dates),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('sell the card’s quantities in its steps, with its best discount reached', () => {
    const tv = seeded.find((seed) => seed.mediaType === 'tv');
    if (!tv) throw new Error('The seed has TV stations');
    const card: RateCard = {
      min: 10,
      max: 40,
      step: 10,
      discounts: [
        { from_dates: 2, percent: 3 },
        { from_dates: 3, percent: 7 },
      ],
    };
    const placement = placementOf(tv, card);
    const now = new Date('2027-01-11T12:00:00');
    expect(availabilityOf(placement, now).quantities.map((q) => q.value)).toEqual([10, 20, 30, 40]);
    expect(priceOf(placement, 10, 1).percent).toBe(0);
    expect(priceOf(placement, 10, 2).percent).toBe(3);
    expect(priceOf(placement, 10, 5).percent).toBe(7);
    const open = availabilityOf(placement, now).options.filter((o) => o.available);
    const dates = open.slice(0, 3).map((o) => o.value);
    expect(() => quotePlacement(placement, { dates, quantity: 15 }, now)).toThrow(
      /Choose a quantity from 10 to 40 spots per week, in steps of 10\./,
    );
    expect(quotePlacement(placement, { dates, quantity: 20 }, now).quote.lines.at(-1)?.label).toBe(
      'Volume discount (7%)',
    );
  });
});
