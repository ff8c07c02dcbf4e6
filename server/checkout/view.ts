import type { BillingContact, Cart, CartItem, Order } from '../../contract/cart';
import { centsToDollars, formatCents } from '../../contract/money';
import { parseDay } from '../../contract/schedule';
import type { Placement } from '../catalogue/placement';
import { type CartItemRow, type CartRow, cartItemsByIds, itemsOf, type OrderRow } from '../data/carts';
import { findMediaMany } from '../data/catalogue';
import type { Db } from '../db/client';
import { campaignSummary } from '../directMail/campaigns';
import { statusOfRow } from '../orders/status';
import { datesInWords, dropWeekInWords, quantityInWords } from '../pricing/quote';

/** A placement no longer in the catalogue still shows in carts and orders, by its code. */
export const removedMedia = (mediacode: string): Placement => ({
  mediacode,
  name: `Placement ${mediacode}`,
  media_type: 'custom',
  partner: null,
  prodcode: null,
  market: 'National',
  state: null,
  lifestyle: 'arts-culture',
  unit_price: 0,
  unit_label: '',
  reach: 0,
  reach_label: '',
  image: '',
  description: '',
  schedule: { kind: 'none' },
});

function firstDateBought(dates: readonly string[]): Pick<CartItem, 'issue' | 'date_start'> {
  const first = [...dates].sort()[0];
  if (!first) return { issue: null, date_start: null };
  return first.includes('/') ? { issue: first, date_start: null } : { issue: null, date_start: first };
}

/**
 * The summary lines of an item: the placement, market and dates, and the quantity; or for a direct-mail
 * campaign where it goes ("Every Door Direct Mail: 60614"), its routes or zip codes and pieces, and the
 * drop week.
 */
function summaryOf(row: CartItemRow, item: Placement): CartItem['summary'] {
  const first = [...row.dates].sort()[0];
  if (row.details && first) {
    const { title, line1 } = campaignSummary(item, row.details, row.quantity);
    return { summary_title: title, summary_line_1: line1, summary_line_2: dropWeekInWords(parseDay(first)) };
  }
  return {
    summary_title: item.name,
    summary_line_1: `${item.market} · ${datesInWords(item, row.dates)}`,
    summary_line_2: quantityInWords(item, row.quantity, row.dates.length),
  };
}

/** A stored item as SPEC section 3's cart item: image, price, order id, and its summary lines. */
export function toCartItem(row: CartItemRow, item: Placement): CartItem {
  return {
    id: row.id,
    image: item.image,
    price_formatted: formatCents(row.priceCents),
    order: row.orderId === null ? null : { id: row.orderId },
    summary: summaryOf(row, item),
    mediacode: row.mediacode,
    media_type: item.media_type,
    market: item.market,
    price: centsToDollars(row.priceCents),
    unit_price: item.unit_price,
    qty: row.quantity,
    dates: row.dates,
    // The first date bought (an issue is written year/month, a week by its Monday): analytics report
    // the delivery month from these (SPEC section 3), so they describe this purchase, not the record.
    ...firstDateBought(row.dates),
    created_at: row.createdAt.toISOString(),
    campaign: row.details !== null,
    ...(row.details?.kind === 'eddm'
      ? { eddm: { routes: row.details.routes, residential_only: row.details.residential_only } }
      : {}),
  };
}

async function cartItemsOf(db: Db, rows: readonly CartItemRow[]): Promise<CartItem[]> {
  const media = await findMediaMany(
    db,
    rows.map((r) => r.mediacode),
  );
  return rows.map((row) => toCartItem(row, media.get(row.mediacode) ?? removedMedia(row.mediacode)));
}

/** The cart as the API answers it (contract `cart`): items newest first and the total. */
export async function cartView(db: Db, cart: CartRow): Promise<Cart> {
  const rows = await itemsOf(db, cart.uuid);
  const totalCents = rows.reduce((sum, row) => sum + row.priceCents, 0);
  return {
    uuid: cart.uuid,
    total: centsToDollars(totalCents),
    total_formatted: formatCents(totalCents),
    status: cart.status,
    contents: { items: await cartItemsOf(db, rows) },
  };
}

/** Orders as the API answers them (contract `order`), each with the item it bought and its status now. */
export async function orderViews(db: Db, rows: readonly OrderRow[], now: Date): Promise<Order[]> {
  const items = await cartItemsByIds(
    db,
    rows.map((r) => r.cartItemId),
  );
  const views = await cartItemsOf(db, [...items.values()]);
  const byId = new Map(views.map((v) => [v.id, v]));
  return rows.flatMap((row) => {
    const item = byId.get(row.cartItemId);
    if (!item) return [];
    return [
      {
        id: row.id,
        number: row.number,
        status: statusOfRow(row, now),
        item,
        billing: row.billing as BillingContact,
        placed_at: row.placedAt.toISOString(),
      },
    ];
  });
}
