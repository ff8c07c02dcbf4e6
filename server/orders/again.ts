import type { BookedAgain } from '../../contract/orders';
import type { Placement } from '../catalogue/placement';
import { findPublishedMedia } from '../catalogue/published';
import { addToCart, type NewCartItem } from '../checkout/cart';
import { findOrder, type OrderRecord } from '../data/orders';
import type { Db } from '../db/client';
import { priceCampaign } from '../directMail/campaigns';
import type { RouteSource } from '../directMail/routeSource';
import { InvalidFields } from '../http/body';
import { availabilityOf, type DatedOption } from '../pricing/availability';
import type { ScheduleCalendar } from '../pricing/calendar';
import { dropWeekInWords, quotePlacement } from '../pricing/quote';
import { isMailing, salesRule } from '../pricing/rules';
import { orderNotFound } from './cancel';
import { statusOfRow } from './status';

/** What booking an order again came to: the cart it went into, or the status and message of a refusal. */
export type AgainOutcome =
  | { status: 'booked'; answer: BookedAgain; message: string }
  | { status: 404 | 409; message: string };

const refused = (message: string): AgainOutcome => ({ status: 409, message });

/** A date in words, as the cart shows it: "March 2027 issue", "Week of Jan 18, 2027", "Drop week of ...". */
const dateInWords = (option: DatedOption, item: Placement): string => {
  if (option.value.includes('/')) return `${option.label} issue`;
  return isMailing(item.media_type) ? dropWeekInWords(option.day) : option.label;
};

/**
 * The item that books an order again on the clock's day: the same placement and quantity (a mailing's
 * routes or zip codes) for as many dates as it had, the earliest still open (not sold out, ad deadline
 * not passed), priced by the cart's own code; or why it cannot be.
 */
async function itemAgain(
  record: OrderRecord,
  placement: Placement,
  routes: RouteSource,
  now: Date,
  calendar: ScheduleCalendar,
): Promise<{ item: NewCartItem; dates: string[] } | { problem: string }> {
  const { item } = record;
  const rule = salesRule(placement.media_type);
  const open =
    rule.kind === 'none'
      ? []
      : availabilityOf(placement, now, calendar)
          .dated.filter((option) => option.available)
          .slice(0, Math.max(1, item.dates.length));
  if (rule.kind !== 'none' && open.length === 0)
    return {
      problem: `${placement.name} has no open dates right now: every date on sale is sold out or past its ad deadline. Find a similar placement in the shop, or try again next week.`,
    };
  const values = open.map((option) => option.value);
  const dates = rule.kind === 'none' ? ['Design work'] : open.map((option) => dateInWords(option, placement));
  if (item.details) {
    const priced = await priceCampaign(routes, placement, item.details);
    if ('problem' in priced) return { problem: `${priced.problem} Plan the mailing again on the map.` };
    return {
      item: {
        mediacode: placement.mediacode,
        dates: values,
        quantity: priced.pieces,
        priceCents: priced.totalCents,
        details: item.details,
      },
      dates,
    };
  }
  try {
    const { quote, totalCents } = quotePlacement(
      placement,
      { dates: values, quantity: item.quantity },
      now,
      calendar,
    );
    return {
      item: {
        mediacode: placement.mediacode,
        dates: quote.dates,
        quantity: quote.quantity,
        priceCents: totalCents,
      },
      dates,
    };
  } catch (error) {
    if (!(error instanceof InvalidFields)) throw error;
    return { problem: `${placement.name} cannot be booked the same way again: ${error.message}` };
  }
}

/**
 * Books a completed or cancelled order of the customer's company again: its placement goes into the
 * customer's open cart (a new one, made their cart, when they have none) for its next open dates.
 */
export async function bookAgain(
  db: Db,
  routes: RouteSource,
  request: { companyId: number; number: string; userId: string },
  now: Date,
  calendar: ScheduleCalendar,
): Promise<AgainOutcome> {
  const record = await findOrder(db, request.companyId, request.number);
  if (!record) return { status: 404, message: orderNotFound(request.number) };
  const status = statusOfRow(record.order, now);
  if (status === 'upcoming' || status === 'running')
    return refused(
      `Order ${record.order.number} is ${status}: it can be booked again once it has run, or if it is cancelled.`,
    );
  const placement = await findPublishedMedia(db, record.item.mediacode);
  if (!placement)
    return refused(
      `The placement of order ${record.order.number} (${record.item.mediacode}) is no longer sold. Find a similar placement in the shop.`,
    );
  const again = await itemAgain(record, placement, routes, now, calendar);
  if ('problem' in again) return refused(again.problem);
  const added = await addToCart(db, { userId: request.userId, cookieCart: null }, undefined, again.item, now);
  if (added.status !== 'done')
    return refused('Your cart could not take the placement. Reload the page and try again.');
  const fewer = again.dates.length < Math.max(1, record.item.dates.length);
  return {
    status: 'booked',
    answer: { cart: added.cart, dates: again.dates },
    message:
      again.item.dates.length === 0
        ? `${placement.name} is in your cart.`
        : `${placement.name} is in your cart for ${again.dates.join(', ')}${fewer ? ' (the only open dates left)' : ''}.`,
  };
}
