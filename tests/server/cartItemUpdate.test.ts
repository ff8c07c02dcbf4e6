import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cart, cart as cartSchema } from '../../contract/cart';
import { envelope } from '../../contract/envelope';
import { DRIVERS, type Harness } from './harness';
import { customer, placeCart, settableClock } from './orderShop';
import { availableDates, caller, marketOfZip, placement, register } from './shop';

const parseCart = (body: unknown) => envelope(cartSchema).parse(body).data;

/*
 * Worked out by hand as in cart.test.ts, from the seed and the clock (Monday 11 January 2027):
 * TV508-01 "WYJH-TV 62 (CBS)" sells 5 to 50 spots a week in steps of 5 at $4,620 a spot; its weeks
 * are the Mondays from 18 Jan 2027, which is sold out (one week in 8), and a week's ad is due the
 * Friday before its Monday.
 */
const TV = 'TV508-01';

describe.each(DRIVERS)('POST /checkout/{cartId}/item/{itemId}/update on %s', (_name, open) => {
  let h: Harness;
  const clock = settableClock('2027-01-11T09:00:00');
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open({ clock: clock.now });
  });
  afterAll(async () => {
    await h.close();
  });

  /** A cart with 10 spots a week of TV508-01 for two weeks, then another placement, newest first. */
  const cartOfTwo = async (token?: string) => {
    const first = await call<Cart>('POST', '/checkout/item/create', {
      form: true,
      token,
      body: { mediacode: TV, 'dates[]': ['2027-01-25', '2027-02-01'], quantity: '10' },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const uuid = parseCart(first.body).uuid;
    const magazine = await placement(h, 'printmag', { prodcode: await marketOfZip(h, '60601') });
    const second = await call<Cart>('POST', '/checkout/item/create', {
      token,
      body: {
        mediacode: magazine.mediacode,
        dates: await availableDates(call, magazine.mediacode, 1),
        quantity: 1,
        cartid: uuid,
      },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const cart = parseCart(second.body);
    const tv = cart.contents.items.find((item) => item.mediacode === TV);
    if (!tv) throw new Error('The TV item is not in the cart');
    return { cart, tv };
  };

  const update = (cart: Cart, itemId: number, body: Record<string, unknown>, token?: string) =>
    call<Cart>('POST', `/checkout/${cart.uuid}/item/${itemId}/update`, { form: true, body, token });

  it('gives the item the dates and quantity chosen, priced again, in its place in the cart', async () => {
    const { cart, tv } = await cartOfTwo();
    const answer = await update(cart, tv.id, {
      'dates[]': ['2027-02-01', '2027-01-25', '2027-02-08'],
      quantity: '20',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('WYJH-TV 62 (CBS) now has the dates and quantity you chose.');
    const after = parseCart(answer.body);
    expect(after.contents.items.map((item) => item.id)).toEqual(cart.contents.items.map((item) => item.id));
    const changed = after.contents.items.find((item) => item.id === tv.id);
    // 20 spots × $4,620 × 3 weeks (the volume discount starts at 4 weeks).
    expect(changed).toMatchObject({
      price: 277_200,
      price_formatted: '$277,200',
      qty: 20,
      dates: ['2027-01-25', '2027-02-01', '2027-02-08'],
      created_at: tv.created_at,
      campaign: false,
      summary: {
        summary_title: 'WYJH-TV 62 (CBS)',
        summary_line_1: 'Chicago, IL · 3 weeks from Jan 25, 2027',
        summary_line_2: '20 spots per week · 3 weeks',
      },
    });
    const magazine = cart.contents.items.find((item) => item.id !== tv.id);
    expect(after.total).toBe(277_200 + (magazine?.price ?? Number.NaN));
    expect(parseCart((await call('GET', `/checkout/${cart.uuid}`)).body)).toEqual(after);
  });

  it('refuses what the placement’s page refuses, with the same sentence, and leaves the item as it was', async () => {
    const { cart, tv } = await cartOfTwo();
    const refusals: Array<[Record<string, unknown>, string, string | RegExp]> = [
      [{ 'dates[]': ['2027-01-18'], quantity: '10' }, 'dates', /^The week of Jan 18, 2027 is sold out\./],
      [
        { 'dates[]': ['2027-01-25'], quantity: '7' },
        'quantity',
        'Choose a quantity from 5 to 50 spots per week, in steps of 5.',
      ],
      [
        { 'dates[]': ['2027-01-26'], quantity: '10' },
        'dates',
        '2027-01-26 is not a Monday. Weeks start on Monday: choose a week from the availability.',
      ],
      [{ quantity: '10' }, 'dates', 'Choose at least one week from the availability.'],
      [
        { 'dates[]': ['2027-01-11'], quantity: '10' },
        'dates',
        '2027-01-11 is no longer available. Choose a week from 2027-01-18 on.',
      ],
    ];
    for (const [body, field, sentence] of refusals) {
      const answer = await update(cart, tv.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.message, JSON.stringify(body)).toMatch(sentence);
      expect(answer.body.data).toEqual({ errors: { [field]: answer.body.message } });
      // The page's own quote says the same.
      const dates = (body['dates[]'] as string[] | undefined) ?? [];
      const quote = await call(
        'GET',
        `/media/${TV}/quote?${dates.map((d) => `dates[]=${d}`).join('&')}&quantity=${String(body.quantity)}`,
      );
      expect(quote.body.message, JSON.stringify(body)).toBe(answer.body.message);
    }
    const fields = await update(cart, tv.id, { 'dates[]': 'soon', quantity: 'lots' });
    expect(fields.status).toBe(422);
    expect(fields.body.data).toEqual({
      errors: {
        dates: 'A date is an issue (2027/03) or a day (2027-01-04).',
        quantity: 'The quantity is a whole number.',
      },
    });
    expect(parseCart((await call('GET', `/checkout/${cart.uuid}`)).body)).toEqual(cart);
  });

  it('refuses a week whose deadline passed on the server’s clock', async () => {
    const { cart, tv } = await cartOfTwo();
    // The ad of the week of 25 Jan is due Friday 22 Jan; on Saturday that week can no longer be chosen.
    clock.set('2027-01-23T09:00:00');
    try {
      const answer = await update(cart, tv.id, { 'dates[]': ['2027-01-25'], quantity: '10' });
      expect(answer.status).toBe(422);
      expect(answer.body.message).toMatch(
        /^The deadline for the week of Jan 25, 2027 has passed \(the ad was due Jan 22, 2027\)\. Choose a later week\.$/,
      );
      const later = await update(cart, tv.id, { 'dates[]': ['2027-02-01'], quantity: '5' });
      expect(later.status, JSON.stringify(later.body)).toBe(200);
      expect(parseCart(later.body).contents.items.find((i) => i.id === tv.id)?.price).toBe(23_100);
    } finally {
      clock.set('2027-01-11T09:00:00');
    }
  });

  it('answers 404 for a cart or an item out of reach, 409 for an ordered cart, 400 for bad ids', async () => {
    const owner = await register(call);
    const owned = await cartOfTwo(owner.token);
    const body = { 'dates[]': ['2027-01-25'], quantity: '5' };
    for (const token of [undefined, (await register(call)).token]) {
      const answer = await update(owned.cart, owned.tv.id, body, token);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toContain('could not find this cart');
    }
    const other = await cartOfTwo();
    const foreign = await update(owned.cart, other.tv.id, body, owner.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(`Item ${other.tv.id} is not in this cart. It may have been removed.`);
    for (const path of [
      `/checkout/${owned.cart.uuid}/item/abc/update`,
      `/checkout/${owned.cart.uuid}/item/0/update`,
      '/checkout/nope/item/1/update',
    ]) {
      expect((await call('POST', path, { form: true, body })).status, path).toBe(400);
    }

    const buyer = await customer(call);
    const { cart, tv } = await cartOfTwo(buyer.token);
    await placeCart(call, buyer.token, cart);
    const placed = await update(cart, tv.id, body, buyer.token);
    expect(placed.status).toBe(409);
    expect(placed.body.message).toBe('This cart was already ordered. Its items can no longer be changed.');
  });

  it('sends a direct-mail campaign back to its page: its routes decide its pieces', async () => {
    const buyer = await customer(call);
    const audience = await placement(h, 'abdm', { prodcode: await marketOfZip(h, '60614') });
    const [drop] = await availableDates(call, audience.mediacode, 1);
    const created = await call<Cart>('POST', '/abdm/campaign/create', {
      token: buyer.token,
      body: { mediacode: audience.mediacode, zipcodes: '60614', date_start: drop },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const cart = parseCart(created.body);
    const [mailing] = cart.contents.items;
    expect(mailing?.campaign).toBe(true);
    const answer = await update(cart, mailing?.id ?? 0, { 'dates[]': [drop], quantity: '1000' }, buyer.token);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toContain('remove it, then build it again on its page');
    expect(parseCart((await call('GET', `/checkout/${cart.uuid}`, { token: buyer.token })).body)).toEqual(
      cart,
    );
  });
});
