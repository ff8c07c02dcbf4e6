import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { UserData } from '../../contract/auth';
import { type Cart, cart as cartSchema } from '../../contract/cart';
import { envelope } from '../../contract/envelope';
import { createApp } from '../../server/app';
import { CatalogueIndex } from '../../server/catalogue/index';
import { readServerConfig } from '../../server/config';
import { openPglite } from '../../server/db/client';
import { carts, users } from '../../server/db/schema';
import { loadPgliteTemplate } from '../support/pgliteTemplate';
import { DRIVERS, type Harness, manualClock } from './harness';
import {
  availabilityOf,
  availableDates,
  type Call,
  caller,
  cartCookie,
  marketOfZip,
  placement,
  register,
} from './shop';

const parseCart = (body: unknown) => envelope(cartSchema).parse(body).data;

/*
 * Prices and dates worked out by hand from the seed (a deterministic catalogue) and the harness clock
 * (Monday 11 January 2027): Chicago's first TV station, TV508-01 "WYJH-TV 62 (CBS)", sells spots at
 * $4,620 for the 26 Mondays from next Monday, 18 Jan 2027. One week in 8 is sold out: those whose
 * number, counted from Monday 5 Jan 1970, is 0 modulo 8. 18 Jan 2027 is 20,832 days (2,976 weeks, a
 * multiple of 8) after 5 Jan 1970, so it is sold out, and 25 Jan, 1 Feb and 8 Feb are on sale.
 */
const TV = 'TV508-01';

describe.each(DRIVERS)('cart API on %s', (_name, open) => {
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

  /** Adds a TV placement (10 spots, n weeks) to a cart, as form fields. */
  const addTv = async (options: { cartid?: string; token?: string; weeks?: number } = {}) => {
    const tv = await placement(h, 'tv', { prodcode: chicago });
    const dates = await availableDates(call, tv.mediacode, options.weeks ?? 2);
    const answer = await call<Cart>('POST', '/checkout/item/create', {
      form: true,
      token: options.token,
      body: {
        mediacode: tv.mediacode,
        'dates[]': dates,
        quantity: '10',
        ...(options.cartid ? { cartid: options.cartid } : {}),
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { answer, cart: parseCart(answer.body), tv, dates };
  };

  describe('POST /checkout/item/create', () => {
    it('starts an anonymous cart with the server’s price and sets the cart cookie', async () => {
      const dates = ['2027-01-25', '2027-02-01', '2027-02-08'];
      const answer = await call<Cart>('POST', '/checkout/item/create', {
        form: true,
        body: { mediacode: TV, 'dates[]': dates, quantity: '10' },
      });
      expect(answer.status).toBe(200);
      const cart = parseCart(answer.body);
      expect(cartCookie(answer.body)).toEqual({ name: 'adlane_cart_id', value: cart.uuid, days: 30 });
      expect(answer.body.message).toContain('WYJH-TV 62 (CBS)');
      // 10 spots × $4,620 × 3 weeks.
      expect(cart).toMatchObject({ status: 'open', total: 138_600, total_formatted: '$138,600' });
      const [item] = cart.contents.items;
      expect(item).toMatchObject({
        image: '/images/media/tv-1.svg',
        price: 138_600,
        price_formatted: '$138,600',
        order: null,
        summary: {
          summary_title: 'WYJH-TV 62 (CBS)',
          summary_line_1: 'Chicago, IL · 3 weeks from Jan 25, 2027',
          summary_line_2: '10 spots per week · 3 weeks',
        },
        mediacode: TV,
        media_type: 'tv',
        market: 'Chicago, IL',
        unit_price: 4620,
        qty: 10,
        dates,
        // The first week bought, not the placement's start: analytics report the delivery month from it.
        issue: null,
        date_start: '2027-01-25',
        created_at: '2027-01-11T09:00:00.000Z',
      });
      const row = await h.database.db.select().from(carts).where(eq(carts.uuid, cart.uuid));
      expect(row[0]).toMatchObject({ userId: null, status: 'open' });
    });

    it('adds to the cart of the cookie when the request names none (a second tab), never to a customer’s', async () => {
      const first = await addTv();
      const tv = await placement(h, 'tv', { prodcode: chicago });
      const dates = await availableDates(call, tv.mediacode, 1);
      const body = { mediacode: tv.mediacode, dates, quantity: 5 };
      const second = await call<Cart>('POST', '/checkout/item/create', {
        body,
        cookie: `other=1; adlane_cart_id=${first.cart.uuid}`,
      });
      expect(parseCart(second.body).uuid).toBe(first.cart.uuid);
      expect(parseCart(second.body).contents.items).toHaveLength(2);

      // A customer's cart in the cookie is not an anonymous visitor's to fill: a new cart starts.
      const customer = await register(call);
      const owned = await addTv({ token: customer.token });
      const stranger = await call<Cart>('POST', '/checkout/item/create', {
        body,
        cookie: `adlane_cart_id=${owned.cart.uuid}`,
      });
      expect(parseCart(stranger.body).uuid).not.toBe(owned.cart.uuid);
      // Nor is a malformed cookie a problem.
      const garbled = await call<Cart>('POST', '/checkout/item/create', {
        body,
        cookie: 'adlane_cart_id=%%',
      });
      expect(garbled.status).toBe(200);
    });

    it('ignores any price the client sends', async () => {
      const dates = ['2027-01-25'];
      const answer = await call<Cart>('POST', '/checkout/item/create', {
        form: true,
        body: {
          mediacode: TV,
          'dates[]': dates,
          quantity: '5',
          price: '1',
          price_cents: '1',
          total: '0',
          unit_price: '0.01',
        },
      });
      // 5 spots × $4,620 × 1 week.
      expect(parseCart(answer.body).contents.items[0]?.price).toBe(23_100);
      const json = await call<Cart>('POST', '/checkout/item/create', {
        body: { mediacode: TV, dates, quantity: 5, price: 1, price_cents: 1 },
      });
      expect(parseCart(json.body).total).toBe(23_100);
    });

    it('accepts JSON, one comma-separated dates field and multipart forms, and keeps items newest first', async () => {
      // Chicago's first magazine, PM508-01 (Golf Digest, $8,025 a page), a monthly: its first two issues
      // on sale are March and April 2027 (issues are sold from next month, February, whose ad was due 31
      // days before 1 February, on 1 January; its January and December issues are sold out).
      const mag = await placement(h, 'printmag', { prodcode: chicago });
      expect(mag.mediacode).toBe('PM508-01');
      const first = await call<Cart>('POST', '/checkout/item/create', {
        body: { mediacode: 'pm508-01', dates: '2027/03,2027/04', quantity: '1' },
      });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const cartid = parseCart(first.body).uuid;
      expect(parseCart(first.body).contents.items[0]).toMatchObject({
        summary: {
          summary_title: 'Golf Digest: Chicago edition',
          summary_line_1: 'Chicago, IL · March, April 2027',
          summary_line_2: '1 full-page ad per issue · 2 issues',
        },
        dates: ['2027/03', '2027/04'],
        issue: '2027/03',
        date_start: null,
        price: 16_050,
      });

      const form = new FormData();
      form.append('mediacode', 'CU-01');
      form.append('quantity', '2');
      form.append('cartid', cartid);
      const response = await h.app.request('/api/v1/checkout/item/create', { method: 'POST', body: form });
      expect(response.status).toBe(200);
      const cart = parseCart(await response.json());
      expect(cart.uuid).toBe(cartid);
      expect(cart.contents.items.map((i) => i.mediacode)).toEqual(['CU-01', 'PM508-01']);
      expect(cart.contents.items[0]?.summary).toEqual({
        summary_title: 'Ad design: magazine full page',
        summary_line_1: 'National · Design project',
        summary_line_2: '2 projects',
      });
      // 2 projects × $349, and the magazine's $16,050.
      expect(cart.contents.items.map((i) => i.price)).toEqual([698, 16_050]);
      expect(cart.total).toBe(16_748);
    });

    it('answers 404, 409 and 422 with messages a person can act on, never 500', async () => {
      const tv = await placement(h, 'tv', { prodcode: chicago });
      const dates = await availableDates(call, tv.mediacode, 1);
      const add = (body: Record<string, unknown>, form = false) =>
        call('POST', '/checkout/item/create', { body, form });

      const unknownMedia = await add({ mediacode: 'TV999-99', dates, quantity: 5 });
      expect(unknownMedia.status).toBe(422);
      expect(unknownMedia.body.message).toContain('TV999-99');
      expect(unknownMedia.body.data).toEqual({ errors: { mediacode: unknownMedia.body.message } });

      const unknownCart = await add({
        mediacode: tv.mediacode,
        dates,
        quantity: 5,
        cartid: '0b5c0f6e-7d1a-4b7e-9a43-0f3f8e2a1c55',
      });
      expect(unknownCart.status).toBe(404);
      expect(unknownCart.body.message).toContain('could not find this cart');

      const badQuantity = await add({ mediacode: tv.mediacode, dates, quantity: 7 });
      expect(badQuantity.status).toBe(422);
      expect(badQuantity.body.data).toEqual({
        errors: { quantity: 'Choose a quantity from 5 to 50 spots per week, in steps of 5.' },
      });
      const badDate = await add({ mediacode: tv.mediacode, dates: ['2027-02-02'], quantity: 5 });
      expect(badDate.status).toBe(422);
      expect(badDate.body.message).toContain('2027-02-02 is not a Monday');

      const fields = await add({ quantity: 'lots', dates: 'soon', cartid: 'mine' }, true);
      expect(fields.status).toBe(422);
      expect(fields.body).toMatchObject({
        message: 'Please check the highlighted fields.',
        data: {
          errors: {
            mediacode: 'Choose a placement.',
            dates: 'A date is an issue (2027/03) or a day (2027-01-04).',
            quantity: 'The quantity is a whole number.',
            cartid: 'The cart id is not valid.',
          },
        },
      });

      for (const [body, type] of [
        ['{"mediacode":', 'application/json'],
        ['[1,2]', 'application/json'],
        ['mediacode=x', 'text/plain'],
      ] as const) {
        const response = await h.app.request('/api/v1/checkout/item/create', {
          method: 'POST',
          headers: { 'content-type': type },
          body,
        });
        expect(response.status, body).toBe(400);
      }
      const hostile = await add(
        { '__proto__[admin]': 'true', 'constructor[]': 'x', mediacode: tv.mediacode },
        true,
      );
      expect(hostile.status).toBe(422);
    });
  });

  describe('GET /checkout/{cartId}', () => {
    it('shows an anonymous cart to whoever has its uuid', async () => {
      const { cart } = await addTv();
      const answer = await call<Cart>('GET', `/checkout/${cart.uuid}`);
      expect(answer.status).toBe(200);
      expect(parseCart(answer.body)).toEqual(cart);
      expect(answer.body.meta.drop_cookies).toEqual([]);
      const someone = await register(call);
      expect((await call('GET', `/checkout/${cart.uuid}`, { token: someone.token })).status).toBe(200);
    });

    it('shows a customer’s cart only to that customer, and answers 404 to anyone else', async () => {
      const owner = await register(call);
      const { cart } = await addTv({ token: owner.token });
      const [row] = await h.database.db.select().from(carts).where(eq(carts.uuid, cart.uuid));
      expect(row?.userId).toBe(owner.user.uuid);
      expect((await call('GET', `/checkout/${cart.uuid}`, { token: owner.token })).status).toBe(200);
      const other = await register(call);
      for (const token of [undefined, other.token, 'not-a-live-token']) {
        const answer = await call('GET', `/checkout/${cart.uuid}`, { token });
        expect(answer.status).toBe(404);
        expect(answer.body).toMatchObject({ success: false, data: null });
      }
    });

    it('answers 400 for a malformed cart id and 404 for an unknown one', async () => {
      const malformed = await call('GET', '/checkout/not-a-uuid');
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toContain('cart id');
      expect((await call('GET', '/checkout/2d8b9a1c-3e4f-4a5b-8c6d-7e8f9a0b1c2d')).status).toBe(404);
    });
  });

  describe('POST /checkout/{cartId}/item/{itemId}/delete', () => {
    it('removes the item and answers the cart', async () => {
      const { cart } = await addTv();
      const second = await addTv({ cartid: cart.uuid, weeks: 1 });
      expect(second.cart.contents.items).toHaveLength(2);
      const [newest, oldest] = second.cart.contents.items;
      const answer = await call<Cart>('POST', `/checkout/${cart.uuid}/item/${newest?.id}/delete`);
      expect(answer.status).toBe(200);
      const after = parseCart(answer.body);
      expect(after.contents.items.map((i) => i.id)).toEqual([oldest?.id]);
      expect(after.total).toBe(92_400); // the first item: 10 spots × $4,620 × 2 weeks

      const again = await call('POST', `/checkout/${cart.uuid}/item/${newest?.id}/delete`);
      expect(again.status).toBe(404);
      expect(again.body.message).toContain(`Item ${newest?.id} is not in this cart`);
    });

    it('keeps other carts’ items and other customers’ carts out of reach', async () => {
      const mine = await addTv();
      const theirs = await addTv();
      const theirItem = theirs.cart.contents.items[0]?.id;
      expect((await call('POST', `/checkout/${mine.cart.uuid}/item/${theirItem}/delete`)).status).toBe(404);
      const owner = await register(call);
      const owned = await addTv({ token: owner.token });
      const ownedItem = owned.cart.contents.items[0]?.id;
      expect((await call('POST', `/checkout/${owned.cart.uuid}/item/${ownedItem}/delete`)).status).toBe(404);
      const ok = await call('POST', `/checkout/${owned.cart.uuid}/item/${ownedItem}/delete`, {
        token: owner.token,
      });
      expect(ok.status).toBe(200);
    });

    it('answers 400 for malformed ids', async () => {
      const { cart } = await addTv();
      for (const path of [
        `/checkout/${cart.uuid}/item/abc/delete`,
        `/checkout/${cart.uuid}/item/0/delete`,
        `/checkout/${cart.uuid}/item/99999999999/delete`,
        '/checkout/nope/item/1/delete',
      ]) {
        expect((await call('POST', path)).status, path).toBe(400);
      }
    });
  });

  describe('adoption on GET /me?cart=', () => {
    const me = (token: string, cart: string) => call<UserData>('GET', `/me?cart=${cart}`, { token });

    it('makes an anonymous cart the account’s when it has none', async () => {
      const { cart } = await addTv();
      const account = await register(call);
      const answer = await me(account.token, cart.uuid);
      expect(answer.body.data.cart_uuid).toBe(cart.uuid);
      expect((await call('GET', `/checkout/${cart.uuid}`)).status).toBe(404);
      expect((await call('GET', `/checkout/${cart.uuid}`, { token: account.token })).status).toBe(200);
      // Adding without a cart id while signed in goes to the account's open cart.
      const more = await addTv({ token: account.token, weeks: 1 });
      expect(more.cart.uuid).toBe(cart.uuid);
      expect(more.cart.contents.items).toHaveLength(2);
    });

    it('moves an anonymous cart’s items into the account’s open cart', async () => {
      const account = await register(call);
      const own = await addTv({ token: account.token });
      const anonymous = await addTv({ weeks: 1 });
      const anonymousItem = anonymous.cart.contents.items[0]?.id;
      const answer = await me(account.token, anonymous.cart.uuid);
      expect(answer.status).toBe(200);
      expect(answer.body.data.cart_uuid).toBe(own.cart.uuid);

      const merged = parseCart(
        (await call('GET', `/checkout/${own.cart.uuid}`, { token: account.token })).body,
      );
      expect(merged.contents.items.map((i) => i.id).sort()).toEqual(
        [own.cart.contents.items[0]?.id, anonymousItem].sort(),
      );
      // 10 spots × $4,620 for 2 weeks and for 1 week.
      expect(merged.total).toBe(138_600);

      // The browser's old cart id now leads to the merged cart (and moves the cookie), for its owner only.
      const old = await call<Cart>('GET', `/checkout/${anonymous.cart.uuid}`, { token: account.token });
      expect(parseCart(old.body).uuid).toBe(own.cart.uuid);
      expect(cartCookie(old.body)).toEqual({ name: 'adlane_cart_id', value: own.cart.uuid, days: 30 });
      expect((await call('GET', `/checkout/${anonymous.cart.uuid}`)).status).toBe(404);
      // Doing it again changes nothing.
      expect((await me(account.token, anonymous.cart.uuid)).body.data.cart_uuid).toBe(own.cart.uuid);
      const again = parseCart(
        (await call('GET', `/checkout/${own.cart.uuid}`, { token: account.token })).body,
      );
      expect(again.contents.items).toHaveLength(2);
    });

    it('never adopts another customer’s cart', async () => {
      const owner = await register(call);
      const owned = await addTv({ token: owner.token });
      const thief = await register(call);
      const answer = await me(thief.token, owned.cart.uuid);
      expect(answer.status).toBe(200);
      expect(answer.body.data.cart_uuid).toBeNull();
      const [row] = await h.database.db.select().from(carts).where(eq(carts.uuid, owned.cart.uuid));
      expect(row?.userId).toBe(owner.user.uuid);
      const [user] = await h.database.db.select().from(users).where(eq(users.id, thief.user.uuid));
      expect(user?.cartUuid).toBeNull();
    });
  });
});

describe('a cart in the embedded database folder', () => {
  it('survives closing and reopening the database', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'adlane-cart-'));
    const clock = manualClock();
    const appOn = async (database: Awaited<ReturnType<typeof openPglite>>) =>
      createApp({
        db: database.db,
        config: readServerConfig({}),
        catalogue: await CatalogueIndex.load(database.db),
        clock: clock.now,
      });
    try {
      const template = await loadPgliteTemplate(inject('pgliteTemplate'));
      const dump = await template.dumpDataDir('none');
      await template.close();
      const first = await openPglite({ instance: await PGlite.create({ dataDir, loadDataDir: dump }) });
      let app = await appOn(first);
      const call: Call = caller(() => ({ app }) as unknown as Harness);
      const tv = await placement({ database: first } as unknown as Harness, 'tv', { prodcode: 'MKT501' });
      const dates = await availableDates(call, tv.mediacode, 2);
      const added = await call<Cart>('POST', '/checkout/item/create', {
        form: true,
        body: { mediacode: tv.mediacode, 'dates[]': dates, quantity: '15' },
      });
      expect(added.status).toBe(200);
      const before = parseCart(added.body);
      await first.close();

      const second = await openPglite({ dataDir });
      app = await appOn(second);
      const after = await call<Cart>('GET', `/checkout/${before.uuid}`);
      expect(after.status).toBe(200);
      expect(parseCart(after.body)).toEqual(before);
      expect((await availabilityOf(call, tv.mediacode)).mediacode).toBe(tv.mediacode);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
