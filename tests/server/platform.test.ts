import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { UserData } from '../../contract/auth';
import { type Cart, cart as cartSchema } from '../../contract/cart';
import { envelope } from '../../contract/envelope';
import {
  type ChatMessage,
  chatMessage,
  type HomeKnown,
  homeKnown,
  loggedEvent,
  type MarketPreferences,
  marketPreferences,
  type SurveyDetails,
  type SurveySaved,
  surveyDetails,
  surveySaved,
} from '../../contract/platform';
import { createApp } from '../../server/app';
import { readServerConfig } from '../../server/config';
import { logEvents, media, zips } from '../../server/db/schema';
import { loadStaticSite } from '../../server/static/site';
import { DRIVERS, type Harness, manualClock } from './harness';
import { availableDates, BILLING, type CallOptions, caller, marketOfZip, register } from './shop';

/** The same limits the server applies (server/routes/platform.ts). */
const LOG_EVENTS_PER_MINUTE = 120;
const LOG_EVENTS_PER_ADDRESS = 1_200;
const CHAT_MESSAGES_PER_WINDOW = 20;

describe.each(DRIVERS)('platform services on %s', (_name, open) => {
  let h: Harness;
  const clock = manualClock();
  const call = caller(() => h);
  /** The development tools' key of this app (printed by the server at start-up). */
  const devKey = () => `key=${h.config.outboxKey ?? ''}`;

  beforeAll(async () => {
    h = await open({ clock: clock.now });
  });
  afterAll(async () => {
    await h.close();
  });

  const logEvent = (body: Record<string, unknown>, options: Omit<CallOptions, 'body'> = {}) =>
    call<{ id: number }>('POST', '/log/event', { form: true, ...options, body });

  const view = (browserId: string, mediacode: string, token?: string) =>
    logEvent(
      { event: 'view_item', browser_id: browserId, properties: JSON.stringify({ mediacode }) },
      { token },
    );

  /** `count` placements of a market, by code. */
  const placementsIn = async (prodcode: string, count: number) => {
    const rows = await h.database.db
      .select({ mediacode: media.mediacode, name: media.name, mediaType: media.mediaType })
      .from(media)
      .where(eq(media.prodcode, prodcode))
      .orderBy(asc(media.mediacode))
      .limit(count);
    expect(rows).toHaveLength(count);
    return rows;
  };

  const nationalPlacement = async () => {
    const [row] = await h.database.db
      .select({ mediacode: media.mediacode })
      .from(media)
      .where(isNull(media.prodcode))
      .limit(1);
    if (!row) throw new Error('No national placement');
    return row.mediacode;
  };

  /** Orders `count` items of a TV placement of a market for a signed-in customer. */
  const order = async (token: string, prodcode: string, count: number) => {
    const [tv] = await h.database.db
      .select({ mediacode: media.mediacode })
      .from(media)
      .where(and(eq(media.prodcode, prodcode), eq(media.mediaType, 'tv')))
      .orderBy(asc(media.mediacode))
      .limit(1);
    if (!tv) throw new Error(`No TV in ${prodcode}`);
    const dates = await availableDates(call, tv.mediacode, count);
    let cart: Cart | undefined;
    for (const date of dates) {
      const added = await call<Cart>('POST', '/checkout/item/create', {
        token,
        body: { mediacode: tv.mediacode, dates: [date], quantity: 5, ...(cart ? { cartid: cart.uuid } : {}) },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      cart = envelope(cartSchema).parse(added.body).data;
    }
    if (!cart) throw new Error('No cart');
    const placed = await call('POST', `/checkout/${cart.uuid}/place`, {
      token,
      body: {
        billing: BILLING,
        idempotency_key: `platform-${randomUUID()}`,
        item_ids: cart.contents.items.map((i) => i.id),
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  };

  describe('POST /log/event', () => {
    it('stores an anonymous form-encoded event with its path and properties', async () => {
      const browserId = randomUUID();
      const answer = await logEvent({
        event: 'page_view',
        browser_id: browserId,
        path: '/shop/magazines',
        properties: JSON.stringify({ title: 'Magazines', count: 3, signed_in: false }),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const { data } = envelope(loggedEvent).parse(answer.body);
      const [row] = await h.database.db.select().from(logEvents).where(eq(logEvents.id, data.id));
      expect(row).toMatchObject({
        browserId,
        userId: null,
        event: 'page_view',
        path: '/shop/magazines',
        properties: { title: 'Magazines', count: 3, signed_in: false },
        createdAt: clock.now(),
      });
    });

    it('stores the user of a valid bearer, and ignores an invalid one (JSON accepted too)', async () => {
      const customer = await register(call);
      const browserId = randomUUID();
      const signedIn = await call<{ id: number }>('POST', '/log/event', {
        token: customer.token,
        body: { event: 'search', browser_id: browserId, properties: '{"q":"chicago"}' },
      });
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      const forged = await logEvent(
        { event: 'search', browser_id: browserId },
        { token: 'not-a-real-token' },
      );
      expect(forged.status, JSON.stringify(forged.body)).toBe(200);
      const rows = await h.database.db
        .select()
        .from(logEvents)
        .where(eq(logEvents.browserId, browserId))
        .orderBy(asc(logEvents.id));
      expect(rows.map((r) => [r.id, r.userId, r.properties])).toEqual([
        [signedIn.body.data.id, customer.user.uuid, { q: 'chicago' }],
        [forged.body.data.id, null, {}],
      ]);
    });

    it('answers 400 with a message for malformed events and properties, storing nothing', async () => {
      const browserId = randomUUID();
      const cases: [Record<string, unknown>, string][] = [
        [{ event: 'page_view' }, 'browser'],
        [{ event: 'page_view', browser_id: 'abc' }, 'browser id is not valid'],
        [{ event: 'Page View!', browser_id: browserId }, 'event name'],
        [{ event: 'page_view', browser_id: browserId, path: 'https://evil.example/' }, 'path'],
        [{ event: 'page_view', browser_id: browserId, properties: '{not json' }, 'JSON object'],
        [{ event: 'page_view', browser_id: browserId, properties: '[1,2]' }, 'JSON object'],
        [{ event: 'page_view', browser_id: browserId, properties: '"text"' }, 'JSON object'],
        [{ event: 'page_view', browser_id: browserId, properties: '{"a":{"b":1}}' }, 'Property values'],
        [{ event: 'page_view', browser_id: browserId, properties: '{"a":[1]}' }, 'Property values'],
        [{ event: 'page_view', browser_id: browserId, properties: '{"a":null}' }, 'Property values'],
        [{ event: 'page_view', browser_id: browserId, properties: '{"a":1e999}' }, 'Property values'],
        [{ event: 'page_view', browser_id: browserId, properties: `{"${'k'.repeat(65)}":1}` }, 'name'],
        [{ event: 'page_view', browser_id: browserId, properties: 'x'.repeat(2049) }, '2 KB'],
        [{ event: 'page_view', browser_id: browserId, properties: '{"a":"\\u0000"}' }, 'cannot be stored'],
        [{ event: 'page_view', browser_id: browserId, properties: '{"a":"\\ud800"}' }, 'cannot be stored'],
        [{ event: 'page_view', browser_id: browserId, path: '/a\u0000b' }, 'cannot be stored'],
      ];
      for (const [body, message] of cases) {
        const answer = await logEvent(body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.success).toBe(false);
        expect(answer.body.message, JSON.stringify(body)).toContain(message);
      }
      for (const raw of ['{"event":', '[]', '']) {
        const response = await h.app.request('/api/v1/log/event', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: raw,
        });
        expect(response.status, raw).toBe(400);
        expect(((await response.json()) as { message: string }).message).not.toBe('');
      }
      const stored = await h.database.db.select().from(logEvents).where(eq(logEvents.browserId, browserId));
      expect(stored).toEqual([]);
    });

    it('answers 413 for a body over 8 KB', async () => {
      const answer = await logEvent({
        event: 'page_view',
        browser_id: randomUUID(),
        path: `/${'a'.repeat(9000)}`,
      });
      expect(answer.status).toBe(413);
      expect(answer.body.message).toContain('8 KB');
    });

    it('allows 120 events a minute per browser, then 429 with Retry-After', async () => {
      const busy = randomUUID();
      for (let i = 0; i < LOG_EVENTS_PER_MINUTE; i++) {
        const answer = await logEvent({ event: 'page_view', browser_id: busy, path: `/p/${i}` });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      }
      const refused = await h.app.request('/api/v1/log/event', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ event: 'page_view', browser_id: busy }).toString(),
      });
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(((await refused.json()) as { message: string }).message).toContain('too many events');
      // Another browser is not held back.
      expect((await logEvent({ event: 'page_view', browser_id: randomUUID() })).status).toBe(200);
      clock.advance(61_000);
      expect((await logEvent({ event: 'page_view', browser_id: busy })).status).toBe(200);
    });

    it('also limits one address, so a client making up browser ids is held back too', async () => {
      clock.advance(61_000);
      let refused: { status: number; body: { message: string } } | null = null;
      for (let i = 0; i <= LOG_EVENTS_PER_ADDRESS && !refused; i++) {
        const answer = await logEvent({ event: 'page_view', browser_id: randomUUID() });
        if (answer.status !== 200) refused = answer as { status: number; body: { message: string } };
      }
      expect(refused?.status).toBe(429);
      expect(refused?.body.message).toContain('from your network');
      clock.advance(61_000);
    });
  });

  describe('GET /ui/home/known', () => {
    it('needs a bearer', async () => {
      expect((await call('GET', '/ui/home/known')).status).toBe(401);
      expect((await call('GET', '/ui/home/known', { token: 'expired-or-forged' })).status).toBe(401);
    });

    it('answers the first name, and nothing viewed or bought yet for a new customer', async () => {
      const customer = await register(call);
      const answer = await call<HomeKnown>('GET', '/ui/home/known', { token: customer.token });
      expect(answer.status).toBe(200);
      expect(envelope(homeKnown).parse(answer.body).data).toEqual({
        firstname: 'Sam',
        recent_views: [],
        markets: [],
      });
    });

    it('builds recent views from the customer’s view_item events: existing placements, once each, newest first, at most 6', async () => {
      const customer = await register(call);
      const browserId = randomUUID();
      const chicago = await marketOfZip(h, '60601');
      const seen = await placementsIn(chicago, 8);
      const times: Record<string, string> = {};
      for (const placement of seen) {
        clock.advance(1000);
        expect((await view(browserId, placement.mediacode, customer.token)).status).toBe(200);
        times[placement.mediacode] = clock.now().toISOString();
      }
      // The first one again: it moves to the front.
      const first = seen[0];
      if (!first) throw new Error('No placement');
      clock.advance(1000);
      await view(browserId, first.mediacode, customer.token);
      times[first.mediacode] = clock.now().toISOString();
      // Not counted: an unknown placement, another event, someone else's or an anonymous view.
      clock.advance(1000);
      await view(browserId, 'NOPE-0000', customer.token);
      await logEvent(
        {
          event: 'add_to_cart',
          browser_id: browserId,
          properties: JSON.stringify({ mediacode: seen[1]?.mediacode }),
        },
        { token: customer.token },
      );
      await view(randomUUID(), seen[2]?.mediacode ?? '', (await register(call)).token);
      await view(browserId, seen[3]?.mediacode ?? '');

      const answer = await call<HomeKnown>('GET', '/ui/home/known', { token: customer.token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const home = envelope(homeKnown).parse(answer.body).data;
      const expected = [first, ...seen.slice(1).reverse()].slice(0, 6);
      expect(home.recent_views.map((v) => v.mediacode)).toEqual(expected.map((p) => p.mediacode));
      const [latest] = home.recent_views;
      expect(latest).toMatchObject({
        mediacode: first.mediacode,
        name: first.name,
        media_type: first.mediaType,
        viewed_at: times[first.mediacode],
      });
      expect(latest?.market).not.toBe('National');
      expect(home.markets.map((m) => m.prodcode)).toEqual([chicago]);
    });
  });

  describe('GET /market/preferences/{uuid}', () => {
    it('needs a bearer, one’s own uuid (403 otherwise) and a well-formed uuid (400)', async () => {
      const customer = await register(call);
      const other = await register(call);
      expect((await call('GET', `/market/preferences/${customer.user.uuid}`)).status).toBe(401);
      const theirs = await call('GET', `/market/preferences/${other.user.uuid}`, { token: customer.token });
      expect(theirs.status).toBe(403);
      expect(theirs.body.message).toBe('You can only read your own market preferences.');
      const malformed = await call('GET', '/market/preferences/not-a-uuid', { token: customer.token });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toContain('not valid');
      const own = await call<MarketPreferences>(
        'GET',
        `/market/preferences/${customer.user.uuid.toUpperCase()}`,
        { token: customer.token },
      );
      expect(own.status).toBe(200);
      expect(envelope(marketPreferences).parse(own.body).data).toEqual({ markets: [] });
    });

    it('ranks markets by ordered items and viewed placements, at most 3, each with a zip to shop by', async () => {
      const customer = await register(call);
      const browserId = randomUUID();
      const chicago = await marketOfZip(h, '60601');
      const newYork = await marketOfZip(h, '10001');
      const losAngeles = await marketOfZip(h, '90001');
      const houston = await marketOfZip(h, '77001');
      // Chicago: 2 ordered items and 1 viewed placement = 3.
      await order(customer.token, chicago, 2);
      // New York: 2 placements viewed (one of them three times) = 2.
      const [ny1, ny2] = await placementsIn(newYork, 2);
      for (const mediacode of [ny1?.mediacode, ny1?.mediacode, ny1?.mediacode, ny2?.mediacode])
        await view(browserId, mediacode ?? '', customer.token);
      const [chi1] = await placementsIn(chicago, 1);
      await view(browserId, chi1?.mediacode ?? '', customer.token);
      // Los Angeles and Houston: 1 each (the tie goes by name); national placements have no market.
      const [la1] = await placementsIn(losAngeles, 1);
      const [hou1] = await placementsIn(houston, 1);
      await view(browserId, la1?.mediacode ?? '', customer.token);
      await view(browserId, hou1?.mediacode ?? '', customer.token);
      const national = await nationalPlacement();
      for (let i = 0; i < 5; i++) await view(browserId, national, customer.token);

      const answer = await call<MarketPreferences>('GET', `/market/preferences/${customer.user.uuid}`, {
        token: customer.token,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const { markets } = envelope(marketPreferences).parse(answer.body).data;
      // The tie between Los Angeles and Houston goes to "Houston, TX", first by name.
      expect(markets.map((m) => m.name)).toEqual(['Chicago, IL', 'New York, NY', 'Houston, TX']);
      expect(markets.map((m) => m.prodcode)).toEqual([chicago, newYork, houston]);
      for (const market of markets) {
        const [zip] = await h.database.db.select().from(zips).where(eq(zips.zip, market.zip));
        expect(zip?.prodcode).toBe(market.prodcode);
        expect(market.label).toBe(`${zip?.city}, ${zip?.state} ${market.zip}`);
      }
      expect(markets[0]?.label).toBe('Chicago, IL 60608');

      // The home page shows the same markets.
      const home = await call<HomeKnown>('GET', '/ui/home/known', { token: customer.token });
      expect(envelope(homeKnown).parse(home.body).data.markets).toEqual(
        markets.map(({ prodcode, name, zip }) => ({ prodcode, name, zip })),
      );
    });
  });

  describe('the onboarding survey', () => {
    const ANSWERS = {
      advertise: 'restaurant',
      media: ['tv', 'printmag', 'tv'],
      heard: 'colleague',
      anything_else: '  We open a second location in March.  ',
    };

    it('needs a bearer', async () => {
      expect((await call('GET', '/surveymonkey/details')).status).toBe(401);
      expect(
        (await call('POST', '/surveymonkey/save', { body: { survey_id: 'onboarding-2026' } })).status,
      ).toBe(401);
    });

    it('offers the survey to a new customer, stores the answers once, then says it is done (409 again)', async () => {
      const registered = await register(call);
      // The account is 3 days and an hour old by the app's clock (never the day the test runs); its
      // first sign-in has expired since, so the customer signs in again.
      clock.advance(3 * 86_400_000 + 3_600_000);
      const login = await call<UserData>('POST', '/login', {
        body: { email: registered.user.email, password: 'correct horse battery' },
      });
      expect(login.status).toBe(200);
      const customer = { token: login.body.data.token, user: login.body.data };
      const before = await call<SurveyDetails>('GET', '/surveymonkey/details', { token: customer.token });
      expect(before.status).toBe(200);
      const details = envelope(surveyDetails).parse(before.body).data;
      expect(details).toMatchObject({
        survey_id: 'onboarding-2026',
        done: false,
        offer_days: 30,
        account_age_days: 3,
      });
      expect(details.questions.map((q) => [q.id, q.kind])).toEqual([
        ['advertise', 'single'],
        ['media', 'multiple'],
        ['heard', 'single'],
        ['anything_else', 'text'],
      ]);

      const saved = await call<SurveySaved>('POST', '/surveymonkey/save', {
        token: customer.token,
        body: { survey_id: 'onboarding-2026', answers: ANSWERS },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(envelope(surveySaved).parse(saved.body).data).toEqual({
        survey_id: 'onboarding-2026',
        declined: false,
        answers: {
          advertise: 'restaurant',
          media: ['printmag', 'tv'],
          heard: 'colleague',
          anything_else: 'We open a second location in March.',
        },
        created_at: clock.now().toISOString(),
      });
      const after = await call<SurveyDetails>('GET', '/surveymonkey/details', { token: customer.token });
      expect(after.body.data.done).toBe(true);

      const again = await call('POST', '/surveymonkey/save', {
        token: customer.token,
        body: { survey_id: 'onboarding-2026', declined: true },
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toContain('already answered');
    });

    it('stores a decline once', async () => {
      const customer = await register(call);
      const declined = await call<SurveySaved>('POST', '/surveymonkey/save', {
        token: customer.token,
        body: { survey_id: 'onboarding-2026', declined: true },
      });
      expect(declined.status).toBe(200);
      expect(declined.body.data).toMatchObject({ declined: true, answers: {} });
      expect(
        (await call<SurveyDetails>('GET', '/surveymonkey/details', { token: customer.token })).body.data.done,
      ).toBe(true);
      const again = await call('POST', '/surveymonkey/save', {
        token: customer.token,
        body: { survey_id: 'onboarding-2026', answers: ANSWERS },
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toContain('declined');
    });

    it('answers 422 naming the field for answers the survey does not offer', async () => {
      const customer = await register(call);
      const cases: [unknown, string][] = [
        [{ survey_id: 'spring-2020', answers: ANSWERS }, 'survey_id'],
        [{ survey_id: 'onboarding-2026', answers: { colour: 'blue' } }, 'answers.colour'],
        [{ survey_id: 'onboarding-2026', answers: { heard: 'carrier pigeon' } }, 'answers.heard'],
        [{ survey_id: 'onboarding-2026', answers: { advertise: ['retail'] } }, 'answers.advertise'],
        [{ survey_id: 'onboarding-2026', answers: { media: ['tv', 'radio'] } }, 'answers.media'],
        [
          { survey_id: 'onboarding-2026', answers: { anything_else: 'x'.repeat(1001) } },
          'answers.anything_else',
        ],
        [{ survey_id: 'onboarding-2026', answers: { anything_else: ['x'] } }, 'answers.anything_else'],
        [{ survey_id: 'onboarding-2026', answers: {} }, 'answers'],
        [{ survey_id: 'onboarding-2026', answers: { heard: '', anything_else: '   ' } }, 'answers'],
        [{ answers: ANSWERS }, 'survey_id'],
      ];
      for (const [body, field] of cases) {
        const answer = await call<{ errors: Record<string, string> }>('POST', '/surveymonkey/save', {
          token: customer.token,
          body,
        });
        expect(answer.status, JSON.stringify(body)).toBe(422);
        expect(Object.keys(answer.body.data.errors), JSON.stringify(body)).toContain(field);
        expect(answer.body.message).not.toBe('');
      }
      const proto = await call('POST', '/surveymonkey/save', {
        token: customer.token,
        body: { survey_id: 'onboarding-2026', answers: JSON.parse('{"__proto__":["x"],"constructor":"y"}') },
      });
      expect(proto.status).toBe(422);
      expect(({} as Record<string, unknown>).x).toBeUndefined();
      const nul = await call('POST', '/surveymonkey/save', {
        token: customer.token,
        body: { survey_id: 'onboarding-2026', answers: { anything_else: 'a\u0000b' } },
      });
      expect(nul.status).toBe(400);
      const broken = await h.app.request('/api/v1/surveymonkey/save', {
        method: 'POST',
        headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
        body: '{"survey_id":',
      });
      expect(broken.status).toBe(400);
      // Nothing was stored: the survey is still open.
      expect(
        (await call<SurveyDetails>('GET', '/surveymonkey/details', { token: customer.token })).body.data.done,
      ).toBe(false);
    });
  });

  describe('chat', () => {
    const message = (browserId: string, text: string, extra: Record<string, unknown> = {}) =>
      call<ChatMessage>('POST', '/chat/messages', { body: { browser_id: browserId, text, ...extra } });

    it('stores a message with its visitor, and lists messages newest first on /dev/chat', async () => {
      const browserId = randomUUID();
      const visitor = {
        email: 'dana@bakery.example',
        name: 'Dana',
        custom_attributes: { plan_size: 3, vip: true },
      };
      const first = await message(browserId, '  Do you sell radio?  ', { visitor, path: '/shop' });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(envelope(chatMessage).parse(first.body).data).toMatchObject({
        browser_id: browserId,
        visitor,
        text: 'Do you sell radio?',
        path: '/shop',
        created_at: clock.now().toISOString(),
      });
      clock.advance(1000);
      const second = await message(browserId, 'And podcasts?');
      expect(second.status).toBe(200);
      expect(second.body.data).toMatchObject({ visitor: {}, path: null });

      const listed = await call<ChatMessage[]>('GET', `/dev/chat?browser_id=${browserId}&${devKey()}`);
      expect(listed.status).toBe(200);
      expect(
        envelope(chatMessage.array())
          .parse(listed.body)
          .data.map((m) => m.text),
      ).toEqual(['And podcasts?', 'Do you sell radio?']);
      const all = await call<ChatMessage[]>('GET', `/dev/chat?limit=1&${devKey()}`);
      expect(all.body.data.map((m) => m.id)).toEqual([second.body.data.id]);
      expect((await call('GET', `/dev/chat?browser_id=nope&${devKey()}`)).status).toBe(400);
    });

    it('answers 4xx for bad messages and 413 for huge ones', async () => {
      const browserId = randomUUID();
      const empty = await message(browserId, '   ');
      expect(empty.status).toBe(422);
      expect(empty.body.message).not.toBe('');
      expect((await message('nope', 'Hi')).status).toBe(422);
      expect((await message(browserId, 'x'.repeat(2001))).status).toBe(422);
      expect(
        (await message(browserId, 'Hi', { visitor: { custom_attributes: { a: { b: 1 } } } })).status,
      ).toBe(422);
      expect((await message(browserId, 'a\u0000b')).status).toBe(400);
      const huge = await message(browserId, 'Hi', { visitor: { name: 'x'.repeat(20_000) } });
      expect(huge.status).toBe(413);
      expect(
        (await call<ChatMessage[]>('GET', `/dev/chat?browser_id=${browserId}&${devKey()}`)).body.data,
      ).toEqual([]);
    });

    it('allows 20 messages in 10 minutes per browser, then 429 with Retry-After', async () => {
      const browserId = randomUUID();
      for (let i = 0; i < CHAT_MESSAGES_PER_WINDOW; i++) {
        expect((await message(browserId, `Message ${i}`)).status).toBe(200);
      }
      const refused = await h.app.request('/api/v1/chat/messages', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ browser_id: browserId, text: 'One more' }),
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await message(randomUUID(), 'Someone else')).status).toBe(200);
      clock.advance(10 * 60_000 + 1000);
      expect((await message(browserId, 'Later')).status).toBe(200);
    });

    it('guards /dev/chat exactly like the outbox: the process key, never in production', async () => {
      const remote = { incoming: { socket: { remoteAddress: '203.0.113.9' } } };
      const local = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
      const statuses = async (target: Pick<Harness, 'app'>, env: unknown, query = '') =>
        Promise.all(
          ['/api/v1/dev/outbox', '/api/v1/dev/chat'].map(
            async (path) => (await target.app.request(`${path}${query}`, {}, env as never)).status,
          ),
        );
      // The key opens both from anywhere; without it, not even this machine gets in.
      expect(await statuses(h, remote, `?${devKey()}`)).toEqual([200, 200]);
      expect(await statuses(h, local)).toEqual([403, 403]);
      // The same database under other settings.
      const withEnv = (env: NodeJS.ProcessEnv) => ({
        app: createApp({ db: h.database.db, config: readServerConfig(env), catalogue: h.catalogue }),
      });
      const key = 'a-key-for-the-tests-1234';
      const production = withEnv({ NODE_ENV: 'production', OUTBOX_KEY: key, EXPOSE_OUTBOX: 'true' });
      const nobody = withEnv({ EXPOSE_OUTBOX: 'false', OUTBOX_KEY: key });
      expect(await statuses(production, local, `?key=${key}`)).toEqual([404, 404]);
      expect(await statuses(nobody, local, `?key=${key}`)).toEqual([404, 404]);
      const hidden = await production.app.request('/api/v1/dev/chat');
      expect(((await hidden.json()) as { message: string }).message).toContain('never runs in production');
      const outbox = await h.app.request(`/api/v1/dev/outbox?${devKey()}`, {}, remote as never);
      expect(envelope(z.array(z.object({ id: z.number() }))).parse(await outbox.json()).success).toBe(true);
    });
  });

  describe('GET /chat/widget.js', () => {
    it('serves the widget script: JavaScript, cacheable a short time, with the AdlaneChat API', async () => {
      const response = await h.app.request('/chat/widget.js', { headers: { 'accept-encoding': 'identity' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(response.headers.get('cache-control')).toBe('public, max-age=300');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const script = await response.text();
      for (const part of [
        'window.AdlaneChat',
        "'boot'",
        "'update'",
        "'show'",
        "'hide'",
        "'shutdown'",
        'Chat with us',
      ])
        expect(script).toContain(part);
      expect(script).toContain('{"cookie":"adlane_browser_id","product":"Adlane"}');
      // CSP: no markup, no style attributes, no eval.
      expect(script).not.toMatch(
        /innerHTML|outerHTML|insertAdjacentHTML|setAttribute\('style'|<style|eval\(|new Function/,
      );
      expect(() => new vm.Script(script)).not.toThrow();
      const etag = response.headers.get('etag');
      expect(etag).toBeTruthy();
      const again = await h.app.request('/chat/widget.js', { headers: { 'if-none-match': etag ?? '' } });
      expect(again.status).toBe(304);
      expect((await h.app.request('/chat/nothing.js')).status).toBe(404);
    });

    it('is a service path beside the built SPA: served, never answered with index.html', async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'adlane-chat-site-'));
      writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
      const app = createApp({
        db: h.database.db,
        config: h.config,
        catalogue: h.catalogue,
        site: loadStaticSite(dir),
      });
      const widget = await app.request('/chat/widget.js');
      expect(widget.status).toBe(200);
      expect(await widget.text()).toContain('AdlaneChat');
      expect(widget.headers.get('content-security-policy')).toContain("script-src 'self'");
      for (const missing of ['/chat/other', '/chat', '/chat/']) {
        const response = await app.request(missing);
        expect(response.status, missing).toBe(404);
        expect(await response.text(), missing).not.toContain('<div id="root">');
      }
      expect(await (await app.request('/shop')).text()).toContain('<div id="root">');
    });

    it('runs: commands wait for boot, a launcher raised 40 px, an accessible panel, sends, shuts down', async () => {
      const script = await (await h.app.request('/chat/widget.js')).text();
      const browserId = randomUUID();
      const dom = fakeDom(`theme=dark; adlane_browser_id=${browserId}`);
      const sent: { url: string; body: Record<string, unknown> }[] = [];
      const fetch = async (url: string, init: { body: string }) => {
        const body = JSON.parse(init.body) as Record<string, unknown>;
        sent.push({ url, body });
        return { ok: true, json: async () => ({ success: true, data: { text: body.text } }) };
      };
      const window: Record<string, unknown> = {
        location: { origin: 'http://localhost:3000', pathname: '/shop/tv' },
        crypto: globalThis.crypto,
        addEventListener: () => {},
        removeEventListener: () => {},
      };
      vm.runInNewContext(script, { window, document: dom.document, fetch, console, URL });
      const chat = window.AdlaneChat as (command: string, payload?: unknown) => boolean;
      expect(typeof chat).toBe('function');

      // Before boot every other command is ignored.
      for (const command of ['update', 'show', 'hide', 'shutdown']) expect(chat(command, {})).toBe(false);
      expect(dom.document.body.children).toEqual([]);

      expect(chat('boot', { email: 'sam@shop.example', name: 'Sam', unknown: 'dropped' })).toBe(true);
      const [root] = dom.document.body.children;
      if (!root) throw new Error('The widget did not render');
      expect(root.style).toMatchObject({
        position: 'fixed',
        bottom: '40px',
        right: 'clamp(16px, 4vw, 24px)',
      });
      const launcher = dom.find(
        root,
        (e) => e.tag === 'button' && e.attributes.get('aria-controls') !== undefined,
      );
      const panel = dom.find(root, (e) => e.attributes.get('role') === 'dialog');
      const textarea = dom.find(root, (e) => e.tag === 'textarea');
      const form = dom.find(root, (e) => e.tag === 'form');
      // Nothing of the page under it: the labelled pill, its icon beside its words.
      expect(launcher.attributes.get('aria-label')).toBe('Chat with us');
      expect(launcher.attributes.get('data-form')).toBe('pill');
      expect(launcher.children.map((child) => child.tag)).toEqual(['svg', 'span']);
      expect(launcher.children[1]?.textContent).toBe('Chat with us');
      expect(launcher.attributes.get('aria-expanded')).toBe('false');
      expect(panel.style.display).toBe('none');

      expect(chat('show')).toBe(true);
      expect(panel.style.display).toBe('flex');
      expect(launcher.attributes.get('aria-expanded')).toBe('true');
      expect(dom.document.activeElement).toBe(textarea);
      panel.fire('keydown', { key: 'Escape' });
      expect(panel.style.display).toBe('none');
      expect(dom.document.activeElement).toBe(launcher);
      launcher.fire('click');
      expect(panel.style.display).toBe('flex');

      chat('update', { company: 'Sam & Co' });
      textarea.value = '  Hello there  ';
      const status = dom.find(root, (e) => e.attributes.get('role') === 'status');
      form.fire('submit');
      expect(status.textContent).toBe('Sending…');
      // The widget says when the answer is in: then the message was sent, once.
      await vi.waitFor(() => expect(status.textContent).toBe('Sent. We will reply by e-mail or right here.'));
      expect(sent).toEqual([
        {
          url: 'http://localhost:3000/api/v1/chat/messages',
          body: {
            browser_id: browserId,
            visitor: { email: 'sam@shop.example', name: 'Sam', company: 'Sam & Co' },
            text: 'Hello there',
            path: '/shop/tv',
          },
        },
      ]);
      expect(textarea.value).toBe('');

      expect(chat('hide')).toBe(true);
      expect(panel.style.display).toBe('none');
      expect(chat('shutdown')).toBe(true);
      expect(dom.document.body.children).toEqual([]);
      expect(chat('show')).toBe(false);
      expect(dom.styleAttributes).toBe(0);
    });
  });
});

interface FakeElement {
  tag: string;
  style: Record<string, string>;
  attributes: Map<string, string>;
  children: FakeElement[];
  parent: FakeElement | null;
  textContent: string;
  value: string;
  disabled: boolean;
  fire(type: string, event?: Record<string, unknown>): void;
}

/** Just enough DOM to run the widget: elements, attributes, CSSOM styles, events and focus. */
function fakeDom(cookie: string) {
  let styleAttributes = 0;
  const document = {
    cookie,
    activeElement: null as FakeElement | null,
    currentScript: { src: 'http://localhost:3000/chat/widget.js' },
    body: null as unknown as FakeElement,
    createElement: (tag: string) => element(tag),
    createElementNS: (_namespace: string, tag: string) => element(tag),
    // An empty page: nothing under the launcher.
    elementsFromPoint: () => [],
    addEventListener: () => {},
  };
  function element(tag: string): FakeElement {
    const listeners = new Map<string, ((event: unknown) => void)[]>();
    const node = {
      tag,
      style: {} as Record<string, string>,
      attributes: new Map<string, string>(),
      children: [] as FakeElement[],
      parent: null as FakeElement | null,
      textContent: '',
      value: '',
      disabled: false,
      setAttribute(name: string, value: string) {
        if (name === 'style') styleAttributes += 1;
        node.attributes.set(name, String(value));
      },
      append(...nodes: FakeElement[]) {
        for (const child of nodes) {
          child.parent = node;
          node.children.push(child);
        }
      },
      remove() {
        if (node.parent) node.parent.children = node.parent.children.filter((c) => c !== node);
        node.parent = null;
      },
      contains(other: FakeElement | null) {
        for (let at = other; at; at = at.parent) if (at === node) return true;
        return false;
      },
      focus() {
        document.activeElement = node;
      },
      getBoundingClientRect: () => ({ left: 0, top: 0, right: 0, bottom: 0, width: 0, height: 0 }),
      addEventListener(type: string, listener: (event: unknown) => void) {
        listeners.set(type, [...(listeners.get(type) ?? []), listener]);
      },
      fire(type: string, event: Record<string, unknown> = {}) {
        for (const listener of listeners.get(type) ?? [])
          listener({ preventDefault() {}, stopPropagation() {}, ...event });
      },
    };
    return node;
  }
  document.body = element('body');
  const find = (root: FakeElement, test: (e: FakeElement) => boolean): FakeElement => {
    const stack = [root];
    while (stack.length) {
      const next = stack.shift() as FakeElement;
      if (test(next)) return next;
      stack.push(...next.children);
    }
    throw new Error('Element not found');
  };
  return {
    document,
    find,
    get styleAttributes() {
      return styleAttributes;
    },
  };
}
