import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '../../contract/auth';
import { type Cart, cart as cartSchema, type PlacedOrders, placedOrders } from '../../contract/cart';
import { envelope } from '../../contract/envelope';
import { type OrdersPage, orderCounts, ordersPage } from '../../contract/orders';
import { cartItems, carts, media, orders, users } from '../../server/db/schema';
import { DRIVERS, type Harness, manualClock } from './harness';
import { availableDates, BILLING, caller, cartCookie, marketOfZip, placement, register } from './shop';

let keys = 0;
const newKey = () => {
  keys += 1;
  return `order-key-${Date.now().toString(36)}-${keys}`.padEnd(20, 'x');
};

describe.each(DRIVERS)('orders API on %s', (_name, open) => {
  let h: Harness;
  let chicago: string;
  const clock = manualClock();
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    chicago = await marketOfZip(h, '60601');
  });
  afterAll(async () => {
    await h.close();
  });

  /** A cart with `count` TV items (anonymous unless a token is given). */
  const cartWith = async (count: number, token?: string) => {
    const tv = await placement(h, 'tv', { prodcode: chicago });
    let uuid: string | undefined;
    let cart: Cart | undefined;
    for (let i = 0; i < count; i++) {
      const dates = await availableDates(call, tv.mediacode, i + 1);
      const answer = await call<Cart>('POST', '/checkout/item/create', {
        token,
        body: { mediacode: tv.mediacode, dates, quantity: 5, ...(uuid ? { cartid: uuid } : {}) },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      cart = envelope(cartSchema).parse(answer.body).data;
      uuid = cart.uuid;
    }
    if (!cart) throw new Error('No cart');
    return cart;
  };

  /** The cart's current item ids, as the checkout page shows them (none for a cart out of reach). */
  const itemIdsOf = async (cartId: string, token: string | undefined) => {
    const answer = await call<Cart>('GET', `/checkout/${cartId}`, { token });
    return answer.status === 200 ? answer.body.data.contents.items.map((i) => i.id) : [];
  };

  const place = async (
    cartId: string,
    token: string | undefined,
    key = newKey(),
    billing: unknown = BILLING,
    itemIds?: number[],
  ) =>
    call<PlacedOrders>('POST', `/checkout/${cartId}/place`, {
      token,
      body: { billing, idempotency_key: key, item_ids: itemIds ?? (await itemIdsOf(cartId, token)) },
    });

  it('places a cart: one order per item, numbered, in one go, and the next item starts a new cart', async () => {
    const customer = await register(call);
    const cart = await cartWith(2);
    await call<UserData>('GET', `/me?cart=${cart.uuid}`, { token: customer.token });
    const answer = await place(cart.uuid, customer.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const placed = envelope(placedOrders).parse(answer.body);
    expect(placed.meta.drop_cookies).toEqual([{ name: 'adlane_cart_id', value: null }]);
    expect(placed.message).toContain('placed');
    expect(placed.data.orders).toHaveLength(2);
    for (const order of placed.data.orders) {
      expect(order.number).toMatch(/^AD-27-\d{6}$/);
      expect(order.number).toBe(`AD-27-${String(order.id).padStart(6, '0')}`);
      expect(order).toMatchObject({
        status: 'upcoming',
        billing: BILLING,
        placed_at: clock.now().toISOString(),
      });
      expect(order.item.order).toEqual({ id: order.id });
    }
    expect(placed.data.cart).toMatchObject({ uuid: cart.uuid, status: 'placed', total: cart.total });
    expect(placed.data.cart.contents.items.every((i) => i.order?.id)).toBe(true);
    expect(new Set(placed.data.orders.map((o) => o.item.id))).toEqual(
      new Set(cart.contents.items.map((i) => i.id)),
    );

    const [row] = await h.database.db.select().from(carts).where(eq(carts.uuid, cart.uuid));
    expect(row).toMatchObject({ status: 'placed', userId: customer.user.uuid });
    const [user] = await h.database.db.select().from(users).where(eq(users.id, customer.user.uuid));
    expect(user?.cartUuid).toBeNull();
    const items = await h.database.db.select().from(cartItems).where(eq(cartItems.cartUuid, cart.uuid));
    expect(items.every((i) => i.orderId !== null)).toBe(true);

    // The cart is still readable by its owner, placed, with the order ids.
    const after = await call<Cart>('GET', `/checkout/${cart.uuid}`, { token: customer.token });
    expect(envelope(cartSchema).parse(after.body).data.status).toBe('placed');
    // Adding to it is refused; the next add without a cart id starts a new one.
    const tv = await placement(h, 'tv', { prodcode: chicago });
    const dates = await availableDates(call, tv.mediacode, 1);
    const refused = await call('POST', '/checkout/item/create', {
      token: customer.token,
      body: { mediacode: tv.mediacode, dates, quantity: 5, cartid: cart.uuid },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('This cart was already ordered.');
    const removal = await call('POST', `/checkout/${cart.uuid}/item/${items[0]?.id}/delete`, {
      token: customer.token,
    });
    expect(removal.status).toBe(409);
    const fresh = await call<Cart>('POST', '/checkout/item/create', {
      token: customer.token,
      body: { mediacode: tv.mediacode, dates, quantity: 5 },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.uuid).not.toBe(cart.uuid);
    expect(cartCookie(fresh.body)?.value).toBe(fresh.body.data.uuid);
  });

  it('places a customer’s cart created while signed in', async () => {
    const customer = await register(call);
    const cart = await cartWith(1, customer.token);
    const answer = await place(cart.uuid, customer.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data.orders).toHaveLength(1);
  });

  it('makes the same order once, however often and however fast it is submitted', async () => {
    const customer = await register(call);
    const cart = await cartWith(3);
    const key = newKey();
    const answers = await Promise.all([1, 2, 3].map(() => place(cart.uuid, customer.token, key)));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const ids = answers.map((a) => a.body.data.orders.map((o) => o.id));
    expect(ids[0]).toHaveLength(3);
    expect(ids[1]).toEqual(ids[0]);
    expect(ids[2]).toEqual(ids[0]);
    const again = await place(cart.uuid, customer.token, key);
    expect(again.status).toBe(200);
    expect(again.body.data.orders.map((o) => o.number)).toEqual(
      answers[0]?.body.data.orders.map((o) => o.number),
    );
    const stored = await h.database.db.select().from(orders).where(eq(orders.cartUuid, cart.uuid));
    expect(stored).toHaveLength(3);

    const otherKey = await place(cart.uuid, customer.token);
    expect(otherKey.status).toBe(409);
    expect(otherKey.body.message).toContain('This cart was already ordered.');

    const another = await cartWith(1);
    const reused = await place(another.uuid, customer.token, key);
    expect(reused.status).toBe(409);
    expect(reused.body.message).toContain('already used');
    expect(await h.database.db.select().from(orders).where(eq(orders.cartUuid, another.uuid))).toEqual([]);
  });

  it('requires a signed-in customer, their own or an anonymous cart, and something in it', async () => {
    const cart = await cartWith(1);
    const anonymous = await place(cart.uuid, undefined);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('Unauthenticated.');

    const owner = await register(call);
    const owned = await cartWith(1, owner.token);
    const stranger = await register(call);
    const notTheirs = await place(owned.uuid, stranger.token);
    expect(notTheirs.status).toBe(404);

    const emptied = await cartWith(1);
    const itemId = emptied.contents.items[0]?.id;
    expect((await call('POST', `/checkout/${emptied.uuid}/item/${itemId}/delete`)).status).toBe(200);
    const empty = await place(emptied.uuid, stranger.token);
    expect(empty.status).toBe(422);
    expect(empty.body.message).toContain('Your cart is empty');

    expect((await place('not-a-uuid', stranger.token)).status).toBe(400);
    expect((await place('2d8b9a1c-3e4f-4a5b-8c6d-7e8f9a0b1c2d', stranger.token)).status).toBe(404);
  });

  it('checks the billing contact field by field, as JSON or form fields', async () => {
    const customer = await register(call);
    const cart = await cartWith(1);
    const bad = await place(cart.uuid, customer.token, 'short', {
      name: '',
      email: 'nope',
      phone: 'x',
      company: '',
      address: '',
      city: '',
      state: 'Illinois',
      zip: '6060',
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      success: false,
      message: 'Please check the highlighted fields.',
      data: {
        errors: {
          'billing.name': 'Enter the name to bill.',
          'billing.email': 'Enter an e-mail address like billing@company.com.',
          'billing.phone': 'Enter a phone number like (312) 555-0100.',
          'billing.company': 'Enter the company to bill.',
          'billing.address': 'Enter the street address.',
          'billing.city': 'Enter the city.',
          'billing.state': 'Use the two-letter state code, like IL.',
          'billing.zip': 'A zip code is five digits, like 60601.',
          idempotency_key: 'The request key is not valid.',
        },
      },
    });
    const missing = await call('POST', `/checkout/${cart.uuid}/place`, { token: customer.token, body: {} });
    expect(missing.status).toBe(422);
    expect(Object.keys((missing.body.data as { errors: object }).errors)).toEqual([
      'billing',
      'idempotency_key',
      'item_ids',
    ]);

    const fields: Record<string, string | string[]> = {
      idempotency_key: newKey(),
      'item_ids[]': cart.contents.items.map((i) => String(i.id)),
    };
    for (const [key, value] of Object.entries(BILLING)) fields[`billing[${key}]`] = value;
    fields['billing.po_number'] = 'PO-7';
    const form = await call<PlacedOrders>('POST', `/checkout/${cart.uuid}/place`, {
      token: customer.token,
      form: true,
      body: fields,
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    expect(form.body.data.orders[0]?.billing).toEqual({ ...BILLING, po_number: 'PO-7' });
    expect(
      (await call('POST', `/checkout/${cart.uuid}/place`, { token: customer.token, body: [] })).status,
    ).toBe(400);
  });

  it('orders exactly the items the buyer saw: an item added or removed elsewhere stops the order', async () => {
    const customer = await register(call);
    const cart = await cartWith(2, customer.token);
    const seen = cart.contents.items.map((i) => i.id);
    const more = await cartWith(1, customer.token); // the account's one open cart grows meanwhile
    expect(more.uuid).toBe(cart.uuid);
    const answer = await place(cart.uuid, customer.token, newKey(), BILLING, seen);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain('Your cart changed since this page was opened');
    expect(await h.database.db.select().from(orders).where(eq(orders.cartUuid, cart.uuid))).toEqual([]);
    const fewer = await place(cart.uuid, customer.token, newKey(), BILLING, seen.slice(0, 1));
    expect(fewer.status).toBe(409);
    // Looking again and placing what is there works.
    expect((await place(cart.uuid, customer.token)).status).toBe(200);
  });

  it('quotes each item again before ordering it: a new price is taken into the cart, not ordered unseen', async () => {
    const customer = await register(call);
    const cart = await cartWith(1, customer.token);
    const item = cart.contents.items[0];
    if (!item) throw new Error('No item');
    const [before] = await h.database.db.select().from(media).where(eq(media.mediacode, item.mediacode));
    if (!before) throw new Error('No placement');
    await h.database.db
      .update(media)
      .set({ unitPriceCents: before.unitPriceCents * 2 })
      .where(eq(media.mediacode, item.mediacode));
    try {
      // Chicago's first TV station (TV508-01), 5 spots for its first week on sale, 25 Jan 2027 (18 Jan is
      // sold out: see cart.test.ts): 5 × $4,620 = $23,100,
      // and 5 × $9,240 = $46,200 once its price doubled.
      expect(cart.total).toBe(23_100);
      const refused = await place(cart.uuid, customer.token);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(
        /^Nothing was ordered\. The price of WYJH-TV 62 \(CBS\) is now \$46,200 \(it was \$23,100\)\./,
      );
      const reloaded = envelope(cartSchema).parse(
        (await call<Cart>('GET', `/checkout/${cart.uuid}`, { token: customer.token })).body,
      ).data;
      expect(reloaded.total).toBe(46_200);
      // The buyer has now seen the new total: the order goes through at it.
      const placed = await place(cart.uuid, customer.token);
      expect(placed.status).toBe(200);
      expect(placed.body.data.cart.total).toBe(46_200);
    } finally {
      await h.database.db
        .update(media)
        .set({ unitPriceCents: before.unitPriceCents })
        .where(eq(media.mediacode, item.mediacode));
    }
  });

  it('refuses dates that passed while the cart waited, and orders nothing', async () => {
    const cart = await cartWith(1);
    const [row] = await h.database.db.select().from(cartItems).where(eq(cartItems.cartUuid, cart.uuid));
    const first = row?.dates[0];
    if (!first) throw new Error('No date');
    // The day after the first date bought (a sign-in from before then would have expired: sign in after).
    clock.advance(Math.max(0, Date.parse(`${first}T12:00:00Z`) - clock.now().getTime()) + 86_400_000);
    const customer = await register(call);
    const refused = await place(cart.uuid, customer.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^Nothing was ordered\. .+: .+ Remove it and add it again with other dates\./,
    );
    expect(await h.database.db.select().from(orders).where(eq(orders.cartUuid, cart.uuid))).toEqual([]);
  });

  it('numbers orders with at least six digits, and more once there are more', async () => {
    await h.database.db.execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), 1234566)`);
    const customer = await register(call);
    const placed = await place((await cartWith(2)).uuid, customer.token);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    // Placed in 2027 on the harness clock: AD-27-.
    expect(placed.body.data.orders.map((o) => o.number)).toEqual(['AD-27-1234567', 'AD-27-1234568']);
  });

  it('lists the company’s upcoming orders soonest first, with counts by status', async () => {
    const customer = await register(call);
    const empty = await call('GET', '/orders/stats', { token: customer.token });
    expect(envelope(orderCounts).parse(empty.body).data).toEqual({
      upcoming: 0,
      running: 0,
      completed: 0,
      cancelled: 0,
    });

    // Three TV weeks in all: the first cart's first two open weeks, then the second cart's first one.
    const first = await place((await cartWith(2)).uuid, customer.token);
    clock.advance(60_000);
    const second = await place((await cartWith(1)).uuid, customer.token);
    const list = await call<OrdersPage>('GET', '/orders?status=upcoming', { token: customer.token });
    expect(list.status).toBe(200);
    const listed = envelope(ordersPage).parse(list.body).data;
    // Soonest first, by the first day each runs: the one-week orders start on the first open week, the
    // two-week order too (a tie, which the order id breaks).
    const runs = listed.orders.map((o) => o.run?.starts ?? '');
    expect(runs).toEqual([...runs].sort());
    expect(new Set(listed.orders.map((o) => o.number))).toEqual(
      new Set([...first.body.data.orders, ...second.body.data.orders].map((o) => o.number)),
    );
    expect(listed.counts).toEqual({ upcoming: 3, running: 0, past: 0 });
    // Without a tab, the list is the upcoming one.
    expect((await call<OrdersPage>('GET', '/orders', { token: customer.token })).body.data).toEqual(listed);
    expect(
      (await call<OrdersPage>('GET', '/orders?status=past', { token: customer.token })).body.data.orders,
    ).toEqual([]);
    const stats = await call('GET', '/orders/stats', { token: customer.token });
    expect(envelope(orderCounts).parse(stats.body).data).toEqual({
      upcoming: 3,
      running: 0,
      completed: 0,
      cancelled: 0,
    });

    const stranger = await register(call);
    expect((await call<OrdersPage>('GET', '/orders', { token: stranger.token })).body.data.orders).toEqual(
      [],
    );

    const bad = await call('GET', '/orders?status=shipped', { token: customer.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Unknown order list "shipped"');
    for (const path of ['/orders', '/orders/stats']) {
      const answer = await call('GET', path);
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe('Unauthenticated.');
    }
  });
});
