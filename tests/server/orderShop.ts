import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { UserData } from '../../contract/auth';
import { type Cart, type PlacedOrders, placedOrders } from '../../contract/cart';
import { envelope } from '../../contract/envelope';
import { type OrderDetail, orderDetail } from '../../contract/orders';
import { outbox } from '../../server/db/schema';
import type { Harness } from './harness';
import { BILLING, type Call, register } from './shop';

/** Helpers of the orders tests: a clock set to instants, signing in again, and placing orders. */

const PASSWORD = 'correct horse battery';

/** A clock the test sets to an instant (or moves), for an order's life; the app reads it on each call. */
export function settableClock(start = '2027-01-11T09:00:00Z') {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    set: (instant: string | Date) => {
      now = new Date(instant).getTime();
    },
  };
}

/** A fresh sign-in (a token from before a move of the clock by more than a day has expired). */
export async function signIn(call: Call, email: string): Promise<string> {
  const answer = await call<UserData>('POST', '/login', { body: { email, password: PASSWORD } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.token;
}

/** A new customer of their own company, signed in, with their e-mail address to sign in again. */
export async function customer(call: Call, company?: string) {
  const { token, user } = await register(call, company);
  return { token, email: user.email, name: user.fullname };
}

/**
 * A colleague of a customer: invited by e-mail (as a member, or `role`), then signed up from the
 * invitation's link; with the refresh token of that sign-in (the dashboard cookie's value).
 */
export async function colleagueOf(
  h: Harness,
  call: Call,
  owner: { token: string },
  tag: string,
  invitation: { email?: string; role?: 'admin' | 'member' } = {},
) {
  const email = invitation.email ?? `colleague.${tag}.${Date.now().toString(36)}@shop.example`;
  const invited = await call('POST', '/team/invite', {
    token: owner.token,
    body: { email, role: invitation.role ?? 'member' },
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  await h.background.settled();
  const [mail] = await h.database.db
    .select({ link: outbox.link })
    .from(outbox)
    .where(and(eq(outbox.toEmail, email), eq(outbox.kind, 'colleague-invite')))
    .orderBy(desc(outbox.id))
    .limit(1);
  const link = new URL(mail?.link ?? 'http://x/');
  const created = await call<UserData>('POST', '/colleague/create', {
    body: {
      uuid: link.searchParams.get('uuid'),
      coid: link.searchParams.get('coid'),
      firstname: 'Cole',
      lastname: 'League',
      email,
      password: PASSWORD,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const refresh = created.body.meta.drop_cookies.find((cookie) => cookie.value !== null)?.value ?? '';
  return { token: created.body.data.token, refresh, email, name: 'Cole League', user: created.body.data };
}

export interface Wanted {
  mediacode: string;
  dates: string[];
  quantity: number;
}

let keys = 0;

/** Puts the items into the customer's cart and places it: one order per item, in the order given. */
export async function placeOrders(
  call: Call,
  token: string,
  items: readonly Wanted[],
): Promise<PlacedOrders> {
  let cart: Cart | null = null;
  for (const item of items) {
    const added = await call<Cart>('POST', '/checkout/item/create', { token, body: item });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    cart = added.body.data;
  }
  if (!cart) throw new Error('Nothing to order');
  return placeCart(call, token, cart);
}

/** Places a cart the customer holds, with the test billing contact. */
export async function placeCart(call: Call, token: string, cart: Cart): Promise<PlacedOrders> {
  keys += 1;
  const placed = await call<PlacedOrders>('POST', `/checkout/${cart.uuid}/place`, {
    token,
    body: {
      billing: BILLING,
      idempotency_key: `orders-test-${Date.now().toString(36)}-${keys}`.padEnd(20, 'x'),
      item_ids: cart.contents.items.map((i) => i.id),
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return envelope(placedOrders).parse(placed.body).data;
}

/** The number of the only order placed. */
export function onlyNumber(placed: PlacedOrders): string {
  expect(placed.orders).toHaveLength(1);
  return placed.orders[0]?.number ?? '';
}

/** GET /orders/{number}, checked against the contract. */
export async function detailOf(call: Call, token: string, number: string): Promise<OrderDetail> {
  const answer = await call<OrderDetail>('GET', `/orders/${number}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return envelope(orderDetail).parse(answer.body).data;
}

/** A response's text, exactly as sent, and its headers (the CSV export is not JSON). */
export async function rawGet(h: Harness, path: string, token?: string) {
  const response = await h.app.request(`/api/v1${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  // Decoded keeping a byte-order mark, which Response.text() would drop.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, text };
}
