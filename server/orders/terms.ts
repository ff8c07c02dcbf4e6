import { mailingCostCents } from '../../contract/directMail';
import { formatCents, formatCount } from '../../contract/money';
import type { Placement } from '../catalogue/placement';
import type { CartItemRow } from '../data/carts';
import type { OrderPricing } from '../db/schema';
import { perThousandCents } from '../directMail/campaigns';
import { priceOf, quantityInWords } from '../pricing/quote';
import { isMailing, plural, salesRule } from '../pricing/rules';
import { type Bought, type OrderSpan, type Run, runsOf, spanOfRuns } from './runs';

/** What an order keeps of its item when placed: when it runs, until when it can be cancelled, its price. */
export interface OrderTerms extends OrderSpan {
  pricing: OrderPricing;
  /** Its runs, kept in order_runs when it is placed (server/data/orderRuns.ts). */
  runs: Run[];
}

type Item = Pick<CartItemRow, 'dates' | 'quantity' | 'details'>;

const toCents = (dollars: number) => Math.round(dollars * 100);

/** What an item bought, for its runs: a campaign item is a mailing even once its placement is gone. */
export const boughtOf = (row: Item, item: Placement | null, placedAt: Date, totalCents: number): Bought => ({
  dates: row.dates,
  mailing: item ? isMailing(item.media_type) : row.details !== null,
  placedAt,
  totalCents,
});

/** One line for the whole price, when the lines of the day it was bought can no longer be told. */
function asOrdered(row: Item, item: Placement | null, totalCents: number): OrderPricing {
  const label = item
    ? quantityInWords(item, row.quantity, row.dates.length)
    : `${formatCount(row.quantity)} as ordered`;
  return {
    lines: [{ label, amount_cents: totalCents }],
    subtotal_cents: totalCents,
    discount_cents: 0,
    percent: 0,
  };
}

/**
 * The price lines of an item at `totalCents` (the price it was ordered at), computed with the quote's
 * own code: a placement's quantity × dates less its volume discount, or a mailing's pieces at its rate
 * per 1,000. When the catalogue's price today does not give that total (an order from before prices
 * were kept, whose placement changed price since), one line of the total is all that can be said.
 */
export function pricingOf(row: Item, item: Placement | null, totalCents: number): OrderPricing {
  if (!item) return asOrdered(row, item, totalCents);
  if (row.details) {
    const rate = perThousandCents(item);
    if (mailingCostCents(row.quantity, rate) !== totalCents) return asOrdered(row, item, totalCents);
    const pieces = plural(row.quantity, salesRule(item.media_type).quantityNoun);
    return {
      lines: [
        {
          label: `${formatCount(row.quantity)} ${pieces} at ${formatCents(rate)} per 1,000`,
          amount_cents: totalCents,
        },
      ],
      subtotal_cents: totalCents,
      discount_cents: 0,
      percent: 0,
    };
  }
  const price = priceOf(item, row.quantity, row.dates.length);
  if (price.totalCents !== totalCents) return asOrdered(row, item, totalCents);
  return {
    lines: price.lines.map((line) => ({ label: line.label, amount_cents: toCents(line.amount) })),
    subtotal_cents: price.subtotalCents,
    discount_cents: price.discountCents,
    percent: price.percent,
  };
}

/** The terms of an item ordered at `placedAt` for `totalCents`. */
export function termsOf(row: Item, item: Placement | null, placedAt: Date, totalCents: number): OrderTerms {
  const runs = runsOf(boughtOf(row, item, placedAt, totalCents));
  return { ...spanOfRuns(runs), pricing: pricingOf(row, item, totalCents), runs };
}
