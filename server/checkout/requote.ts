import { formatCents, formatCount } from '../../contract/money';
import type { Placement } from '../catalogue/placement';
import { findPublishedMedia } from '../catalogue/published';
import type { CartItemRow } from '../data/carts';
import type { ItemCheck } from '../data/placeCart';
import type { Db } from '../db/client';
import type { CampaignDetails } from '../db/schema';
import { priceCampaign, type RoutePricing } from '../directMail/campaigns';
import { InvalidFields } from '../http/body';
import type { ScheduleCalendar } from '../pricing/calendar';
import { chooseDates, quotePlacement } from '../pricing/quote';

/**
 * A campaign item (direct mail) priced again as it would be created today: its drop week still open,
 * the same pieces, at the placement's current price per 1,000.
 */
async function requoteCampaign(
  routes: RoutePricing,
  item: Placement,
  row: CartItemRow,
  details: CampaignDetails,
  now: Date,
  calendar: ScheduleCalendar,
): Promise<{ totalCents: number }> {
  chooseDates(item, row.dates, now, 'dates', calendar);
  const priced = await priceCampaign(routes, item, details);
  if ('problem' in priced) throw new InvalidFields({ dates: priced.problem }, priced.problem);
  if (priced.pieces !== row.quantity) {
    const message = `It now reaches ${formatCount(priced.pieces)} pieces (it was ${formatCount(row.quantity)}).`;
    throw new InvalidFields({ quantity: message }, message);
  }
  return priced;
}

/**
 * The price of an item as it is in the cart (its dates and quantity, or a campaign's routes or zip
 * codes) if it were added today; throws the placement page's InvalidFields when it could not be.
 */
export async function priceToday(
  routes: RoutePricing,
  item: Placement,
  row: CartItemRow,
  now: Date,
  calendar: ScheduleCalendar,
): Promise<number> {
  const { totalCents } = row.details
    ? await requoteCampaign(routes, item, row, row.details, now, calendar)
    : quotePlacement(item, { dates: row.dates, quantity: row.quantity }, now, calendar);
  return totalCents;
}

/**
 * An item quoted again as it would be added today, before it is ordered: the same dates, quantity and
 * price, or why not (and the price of today, which the cart then takes).
 */
export const quoteAgain = async (
  tx: Db,
  row: CartItemRow,
  now: Date,
  routes: RoutePricing,
  calendar: ScheduleCalendar,
): ReturnType<ItemCheck> => {
  const item = await findPublishedMedia(tx, row.mediacode);
  if (!item) return { problem: `${row.mediacode} is no longer sold: remove it from your cart.` };
  try {
    const totalCents = await priceToday(routes, item, row, now, calendar);
    if (totalCents === row.priceCents) return null;
    return {
      problem: `The price of ${item.name} is now ${formatCents(totalCents)} (it was ${formatCents(row.priceCents)}).`,
      priceCents: totalCents,
    };
  } catch (error) {
    if (!(error instanceof InvalidFields)) throw error;
    return { problem: `${item.name}: ${error.message} Remove it and add it again with other dates.` };
  }
};
