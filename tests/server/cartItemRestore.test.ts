import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '../../contract/auth';
import { type Cart, cart as cartSchema } from '../../contract/cart';
import { envelope } from '../../contract/envelope';
import { cartItems, media } from '../../server/db/schema';
import { DRIVERS, type Harness } from './harness';
import { customer, placeCart, settableClock } from './orderShop';
import { availableDates, BILLING, caller, everyDoorMailing, marketOfZip, placement, register } from './shop';

const parseCart = (body: unknown) => envelope(cartSchema).parse(body).data;

/*
 * Worked out by hand as in cartItemUpdate.test.ts, from the seed and the clock (Monday 11 January
 * 2027): TV508-01 "WYJH-TV 62 (CBS)" sells spots a week at $4,620 a spot; its weeks are the Mondays from
 * 18 Jan 2027, which is sold out, and a week's ad is due the Friday before its Monday.
 */
const TV = 'TV508-01';
const START = '2027-01-11T09:00:00';

describe.each(DRIVERS)('POST /checkout/{cartId}/item/{itemId}/restore on %s', (_name, open) => {
  let h: Harness;
  const clock = settableClock(START);
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open({ clock: clock.now });
  });
  afterAll(async () => {
    await h.close();
  });

  /** Adds TV508-01 for the weeks given, 10 spots a week, to the cart named (or a new one); answers the cart. */
  const addTv = async (weeks: string[], options: { cartid?: string; token?: string } = {}) => {
    const answer = await call<Cart>('POST', '/checkout/item/create', {
      token: options.token,
      body: {
        mediacode: TV,
        dates: weeks,
        quantity: 10,
        ...(options.cartid ? { cartid: options.cartid } : {}),
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return parseCart(answer.body);
  };

  /** Three items, oldest to newest: 1, 2 and 3 weeks of TV508-01. */
  const cartOfThree = async (token?: string) => {
    const first = await addTv(['2027-01-25'], { token });
    await addTv(['2027-01-25', '2027-02-01'], { cartid: first.uuid, token });
    return addTv(['2027-01-25', '2027-02-01', '2027-02-08'], { cartid: first.uuid, token });
  };

  const remove = async (cart: Cart, itemId: number, token?: string) => {
    const answer = await call<Cart>('POST', `/checkout/${cart.uuid}/item/${itemId}/delete`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return parseCart(answer.body);
  };
  const restore = (cart: Cart, itemId: number, token?: string) =>
    call<Cart>('POST', `/checkout/${cart.uuid}/item/${itemId}/restore`, { token });
  const shown = async (cart: Cart, token?: string) =>
    parseCart((await call<Cart>('GET', `/checkout/${cart.uuid}`, { token })).body);

  /** The item at `index` of a cart (newest first). */
  const itemAt = (cart: Cart, index: number) => {
    const item = cart.contents.items[index];
    if (!item) throw new Error(`The cart has no item ${index}`);
    return item;
  };

  it('puts the same item back in its place, with the same id, priced again', async () => {
    const cart = await cartOfThree();
    const middle = itemAt(cart, 1);
    const after = await remove(cart, middle.id);
    expect(after.contents.items.map((i) => i.id)).toEqual([itemAt(cart, 0).id, itemAt(cart, 2).id]);
    // 10 spots × $4,620 a week: the newest item's 3 weeks and the oldest's 1 week.
    expect(after.total).toBe(138_600 + 46_200);
    // What it was bought at does not matter: it is priced again as it would be added now.
    await h.database.db.update(cartItems).set({ priceCents: 1 }).where(eq(cartItems.id, middle.id));

    clock.set('2027-01-11T09:59:00');
    try {
      const answer = await restore(cart, middle.id);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.message).toBe('WYJH-TV 62 (CBS) is back in your cart.');
      const back = parseCart(answer.body);
      expect(back).toEqual(cart);
      expect(itemAt(back, 1)).toMatchObject({ id: middle.id, price: 92_400, price_formatted: '$92,400' });
      expect(await shown(cart)).toEqual(cart);
    } finally {
      clock.set(START);
    }
  });

  it('puts a direct-mail campaign back with its routes or zip codes', async () => {
    const buyer = await customer(call);
    const token = buyer.token;
    const chicago = await marketOfZip(h, '60614');
    const eddm = (await placement(h, 'eddm', { prodcode: chicago })).mediacode;
    const [eddmDrop] = await availableDates(call, eddm, 1);
    const { routes } = await everyDoorMailing(call, eddmDrop ?? '', { token });
    const audience = (await placement(h, 'abdm', { prodcode: chicago })).mediacode;
    const [drop] = await availableDates(call, audience, 1);
    const audienceMail = await call<Cart>('POST', '/abdm/campaign/create', {
      token,
      body: { mediacode: audience, zipcodes: '60614,60657', date_start: drop },
    });
    expect(audienceMail.status, JSON.stringify(audienceMail.body)).toBe(200);
    const cart = parseCart(audienceMail.body);
    const [newest, oldest] = cart.contents.items;
    expect([newest?.campaign, oldest?.campaign]).toEqual([true, true]);
    const rows = await h.database.db.select().from(cartItems).where(eq(cartItems.cartUuid, cart.uuid));
    const detailsOf = (itemId: number) => rows.find((row) => row.id === itemId)?.details;
    expect(detailsOf(oldest?.id ?? 0)).toMatchObject({ kind: 'eddm', routes });
    expect(detailsOf(newest?.id ?? 0)).toEqual({ kind: 'abdm', zipcodes: ['60614', '60657'] });

    for (const item of [itemAt(cart, 1), itemAt(cart, 0)]) {
      await remove(cart, item.id, token);
    }
    expect((await shown(cart, token)).contents.items).toEqual([]);
    const everyDoorBack = await restore(cart, itemAt(cart, 1).id, token);
    expect(everyDoorBack.status, JSON.stringify(everyDoorBack.body)).toBe(200);
    expect(everyDoorBack.body.message).toBe(`${itemAt(cart, 1).summary.summary_title} is back in your cart.`);
    expect(itemAt(cart, 1).summary.summary_title).toMatch(/^Every Door Direct Mail: 60614/);
    const audienceBack = await restore(cart, itemAt(cart, 0).id, token);
    expect(audienceBack.status, JSON.stringify(audienceBack.body)).toBe(200);
    expect(parseCart(audienceBack.body)).toEqual(cart);
    const [eddmRow] = await h.database.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.id, itemAt(cart, 1).id));
    expect(eddmRow?.details).toEqual(detailsOf(itemAt(cart, 1).id));

    // Put back, it is ordered like any other item.
    const placed = await placeCart(call, token, cart);
    expect(placed.orders.map((o) => o.item.id).sort()).toEqual(cart.contents.items.map((i) => i.id).sort());
  });

  it('refuses a removal older than an hour with 410, and what to do instead', async () => {
    const cart = await cartOfThree();
    const removed = itemAt(cart, 0);
    await remove(cart, removed.id);
    clock.set('2027-01-11T10:00:01');
    try {
      const answer = await restore(cart, removed.id);
      expect(answer.status).toBe(410);
      expect(answer.body.message).toBe(
        'WYJH-TV 62 (CBS) was removed more than an hour ago and can no longer be put back. Add it again from its page.',
      );
      expect((await shown(cart)).contents.items.map((i) => i.id)).toEqual(
        cart.contents.items.slice(1).map((i) => i.id),
      );
    } finally {
      clock.set(START);
    }
  });

  it('refuses with 422 a date that sold out or whose deadline passed, or a campaign’s drop week gone', async () => {
    // The deadline: the ad for the week of 25 Jan is due Friday 22 Jan; the item is removed on Saturday.
    const late = await cartOfThree();
    clock.set('2027-01-23T09:00:00');
    try {
      await remove(late, itemAt(late, 2).id);
      const answer = await restore(late, itemAt(late, 2).id);
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(
        'WYJH-TV 62 (CBS) cannot be put back as it was: The deadline for the week of Jan 25, 2027 has passed (the ad was due Jan 22, 2027). Choose a later week. Add it again from its page.',
      );
      expect((await shown(late)).contents.items).toHaveLength(2);
    } finally {
      clock.set(START);
    }

    // Sold out since it was added: every week of the placement is, from now on.
    const soldOut = await cartOfThree();
    await remove(soldOut, itemAt(soldOut, 2).id);
    const [tv] = await h.database.db.select().from(media).where(eq(media.mediacode, TV));
    if (!tv) throw new Error(`No ${TV}`);
    await h.database.db
      .update(media)
      .set({ schedule: { kind: 'weeks', soldOutEvery: 1, soldOutOffset: 0 } })
      .where(eq(media.mediacode, TV));
    try {
      const answer = await restore(soldOut, itemAt(soldOut, 2).id);
      expect(answer.status).toBe(422);
      expect(answer.body.message).toMatch(
        /^WYJH-TV 62 \(CBS\) cannot be put back as it was: The week of Jan 25, 2027 is sold out\..* Add it again from its page\.$/,
      );
      expect((await shown(soldOut)).contents.items).toHaveLength(2);
    } finally {
      await h.database.db.update(media).set({ schedule: tv.schedule }).where(eq(media.mediacode, TV));
    }

    // A campaign's drop week whose deadline passed between its removal's add and now.
    const eddm = (await placement(h, 'eddm', { prodcode: await marketOfZip(h, '60614') })).mediacode;
    const [dropWeek] = await availableDates(call, eddm, 1);
    const { cart: mailing } = await everyDoorMailing(call, dropWeek ?? '');
    // A drop week's ad is due the Friday before its Monday: on the Saturday, the week is gone.
    const saturday = new Date(`${dropWeek}T09:00:00`);
    saturday.setDate(saturday.getDate() - 2);
    clock.set(saturday);
    try {
      await remove(mailing, itemAt(mailing, 0).id);
      const answer = await restore(mailing, itemAt(mailing, 0).id);
      expect(answer.status).toBe(422);
      expect(answer.body.message).toMatch(
        /^Every Door Direct Mail: 60614 cannot be put back as it was: The deadline for the week of .* has passed .* Build it again on its page\.$/,
      );
    } finally {
      clock.set(START);
    }
  });

  it('answers 404 for another person’s cart and for an item not removed, 409 for an ordered cart', async () => {
    const owner = await register(call);
    const owned = await cartOfThree(owner.token);
    const removed = itemAt(owned, 0);
    await remove(owned, removed.id, owner.token);
    for (const token of [undefined, (await register(call)).token]) {
      const answer = await restore(owned, removed.id, token);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toContain('could not find this cart');
    }
    // Another cart's removed item is not this cart's.
    const other = await cartOfThree();
    await remove(other, itemAt(other, 0).id);
    const foreign = await restore(owned, itemAt(other, 0).id, owner.token);
    expect(foreign.status).toBe(404);

    // Put back once, then no more: it is no longer a removed item, and neither is one never removed.
    expect((await restore(owned, removed.id, owner.token)).status).toBe(200);
    for (const itemId of [removed.id, itemAt(owned, 1).id]) {
      const again = await restore(owned, itemId, owner.token);
      expect(again.status).toBe(404);
      expect(again.body.message).toBe(
        'That item is not one removed from this cart: it may have been put back already. Add it again from its page if it is missing.',
      );
    }
    expect(await shown(owned, owner.token)).toEqual(owned);
    for (const path of [
      `/checkout/${owned.uuid}/item/abc/restore`,
      `/checkout/${owned.uuid}/item/0/restore`,
      '/checkout/nope/item/1/restore',
    ]) {
      expect((await call('POST', path)).status, path).toBe(400);
    }

    const buyer = await customer(call);
    const cart = await cartOfThree(buyer.token);
    const after = await remove(cart, itemAt(cart, 0).id, buyer.token);
    await placeCart(call, buyer.token, after);
    const placed = await restore(cart, itemAt(cart, 0).id, buyer.token);
    expect(placed.status).toBe(409);
    expect(placed.body.message).toBe('This cart was already ordered. Its items can no longer be put back.');
  });

  it('leaves removed items out of the cart’s count, its changes, the order placed and a merge on sign-in', async () => {
    const buyer = await customer(call);
    const cart = await cartOfThree(buyer.token);
    const [newest, middle, oldest] = cart.contents.items;
    const after = await remove(cart, middle?.id ?? 0, buyer.token);
    expect(after.contents.items.map((i) => i.id)).toEqual([newest?.id, oldest?.id]);
    expect(await shown(cart, buyer.token)).toEqual(after);
    const changed = await call('POST', `/checkout/${cart.uuid}/item/${middle?.id}/update`, {
      token: buyer.token,
      form: true,
      body: { 'dates[]': ['2027-01-25'], quantity: '5' },
    });
    expect(changed.status).toBe(404);
    const removedAgain = await call('POST', `/checkout/${cart.uuid}/item/${middle?.id}/delete`, {
      token: buyer.token,
    });
    expect(removedAgain.status).toBe(404);
    expect(removedAgain.body.message).toContain('It may have been removed already.');

    // The buyer saw two items: exactly those are ordered; the removed one is not among them.
    const asIfStillThere = await call('POST', `/checkout/${cart.uuid}/place`, {
      token: buyer.token,
      body: {
        billing: BILLING,
        idempotency_key: `restore-test-all-${Date.now().toString(36)}`,
        item_ids: cart.contents.items.map((i) => i.id),
      },
    });
    expect(asIfStillThere.status).toBe(409);
    const placed = await placeCart(call, buyer.token, after);
    expect(placed.orders.map((o) => o.item.id).sort()).toEqual([newest?.id, oldest?.id].sort());

    // A guest's cart with a removed item, merged into the account's open cart on sign-in.
    const account = await register(call);
    const own = await addTv(['2027-02-15'], { token: account.token });
    const guest = await cartOfThree();
    await remove(guest, itemAt(guest, 1).id);
    const me = await call<UserData>('GET', `/me?cart=${guest.uuid}`, { token: account.token });
    expect(me.body.data.cart_uuid).toBe(own.uuid);
    const merged = await shown(own, account.token);
    expect(merged.contents.items.map((i) => i.id).sort()).toEqual(
      [itemAt(own, 0).id, itemAt(guest, 0).id, itemAt(guest, 2).id].sort(),
    );
    // 10 spots × $4,620: 1 week, and the guest's 3 weeks and 1 week.
    expect(merged.total).toBe(46_200 + 138_600 + 46_200);
    // The removed item moved with the rest, still removed: its Undo, pressed on the page the person
    // signed in on (sent to the guest's cart), puts it back in the account's cart.
    const revived = await restore(guest, itemAt(guest, 1).id, account.token);
    expect(revived.status, JSON.stringify(revived.body)).toBe(200);
    expect((await shown(own, account.token)).contents.items.map((i) => i.id).sort()).toEqual(
      [itemAt(own, 0).id, itemAt(guest, 0).id, itemAt(guest, 1).id, itemAt(guest, 2).id].sort(),
    );
  });
});
