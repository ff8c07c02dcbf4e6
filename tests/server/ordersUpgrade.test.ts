import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openPglite } from '../../server/db/client';
import { media, orders } from '../../server/db/schema';
import { syncOrderTerms } from '../../server/db/seed/orderTerms';
import { DRIVERS, type Harness } from './harness';
import { customer, detailOf, placeOrders, settableClock } from './orderShop';
import { caller, marketOfZip, placement } from './shop';

/*
 * A database from before orders kept their dates (migration 0009): its cancelled orders stay cancelled,
 * and every order gets the dates of its runs and its price lines at the server's next start.
 */
describe.each(DRIVERS)('orders placed before their dates were kept, on %s', (_name, open) => {
  let h: Harness;
  let tv: string;
  const clock = settableClock();
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    tv = (await placement(h, 'tv', { prodcode: await marketOfZip(h, '60601') })).mediacode;
  });
  afterAll(async () => {
    await h.close();
  });

  it('get the dates and price lines placing them gives, once, and the price of the day only when it adds up', async () => {
    const buyer = await customer(call);
    const placed = await placeOrders(call, buyer.token, [
      { mediacode: tv, dates: ['2027-01-25', '2027-02-01'], quantity: 5 },
      { mediacode: tv, dates: ['2027-02-08'], quantity: 10 },
    ]);
    const [twoWeeks, oneWeek] = placed.orders.map((o) => o.number);
    const stored = async (number = '') =>
      (await h.database.db.select().from(orders).where(eq(orders.number, number)))[0];
    const asPlaced = await stored(twoWeeks);
    const before = await detailOf(call, buyer.token, twoWeeks ?? '');
    const blank = { startsAt: null, endsAt: null, cancelBy: null, pricing: null };
    await h.database.db
      .update(orders)
      .set(blank)
      .where(eq(orders.cartUuid, asPlaced?.cartUuid ?? ''));
    const [row] = await h.database.db.select().from(media).where(eq(media.mediacode, tv));
    await h.database.db
      .update(media)
      .set({ unitPriceCents: (row?.unitPriceCents ?? 0) + 100 })
      .where(eq(media.mediacode, tv));
    try {
      expect(await syncOrderTerms(h.database.db)).toBe(2);
      expect(await syncOrderTerms(h.database.db)).toBe(0);
    } finally {
      await h.database.db
        .update(media)
        .set({ unitPriceCents: row?.unitPriceCents })
        .where(eq(media.mediacode, tv));
    }
    const filled = await stored(twoWeeks);
    expect(filled).toMatchObject({
      startsAt: new Date('2027-01-25T00:00:00'),
      endsAt: new Date('2027-02-07T23:59:59.999'),
      cancelBy: new Date('2027-01-22T23:59:59.999'),
    });
    // Today's price of the placement no longer gives the total paid: one line of the total.
    expect(filled?.pricing).toEqual({
      lines: [{ label: '5 spots per week · 2 weeks', amount_cents: 4_620_000 }],
      subtotal_cents: 4_620_000,
      discount_cents: 0,
      percent: 0,
    });
    expect(asPlaced?.pricing).toEqual({
      lines: [
        { label: expect.stringMatching(/^5 spots per week × 2 weeks at \$4,620 /), amount_cents: 4_620_000 },
      ],
      subtotal_cents: 4_620_000,
      discount_cents: 0,
      percent: 0,
    });
    const after = await detailOf(call, buyer.token, twoWeeks ?? '');
    expect({ ...after, lines: before.lines }).toEqual(before);
    expect((await stored(oneWeek))?.startsAt).toEqual(new Date('2027-02-08T00:00:00'));
  });
});

describe('migration 0009 on a database of the version before', () => {
  let dir: string;
  beforeAll(() => {
    // The migrations up to 0008: the database as the previous version left it.
    dir = mkdtempSync(path.join(os.tmpdir(), 'adlane-migrations-'));
    cpSync(migrationsFolder, dir, { recursive: true });
    // A database from before the orders' dates: migrated up to 0008 only (later migrations too are
    // left out, or the migrator, having applied a newer one, would skip 0009 when the server opens it).
    const journalFile = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    for (const entry of journal.entries.filter((e) => e.tag >= '0009'))
      rmSync(path.join(dir, `${entry.tag}.sql`));
    journal.entries = journal.entries.filter((entry) => entry.tag < '0009');
    writeFileSync(journalFile, JSON.stringify(journal));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a cancelled order cancelled from when it was placed, and the others get their dates at start', async () => {
    const client = await PGlite.create();
    await migrate(drizzle(client), { migrationsFolder: dir });
    await client.exec(`
      insert into companies (id, name) values (1, 'Old Bakery');
      insert into users (id, company_id, email, password_hash, firstname, lastname)
        values ('11111111-1111-4111-8111-111111111111', 1, 'old@bakery.example', 'x', 'Old', 'Baker');
      insert into media (mediacode, name, media_type, lifestyle, schedule, unit_price_cents, unit_label,
          reach, reach_label, image, description, search_text)
        values ('TV999-01', 'Old Station', 'tv', 'arts-culture',
          '{"kind":"weeks","soldOutEvery":0,"soldOutOffset":0}', 100000, 'per spot', 1, '1', '', '', '');
      insert into carts (uuid, user_id, status)
        values ('22222222-2222-4222-8222-222222222222', '11111111-1111-4111-8111-111111111111', 'placed');
      insert into cart_items (id, cart_uuid, mediacode, dates, quantity, price_cents)
        values (1, '22222222-2222-4222-8222-222222222222', 'TV999-01', '["2027-01-25"]', 5, 500000),
               (2, '22222222-2222-4222-8222-222222222222', 'TV999-01', '["2027-02-01"]', 5, 500000);
      insert into orders (cart_uuid, cart_item_id, user_id, company_id, number, status, billing, total_cents, placed_at)
        values ('22222222-2222-4222-8222-222222222222', 1, '11111111-1111-4111-8111-111111111111', 1,
                  'AD-27-000001', 'cancelled', '{}', 500000, '2027-01-11T09:00:00Z'),
               ('22222222-2222-4222-8222-222222222222', 2, '11111111-1111-4111-8111-111111111111', 1,
                  'AD-27-000002', 'upcoming', '{}', 500000, '2027-01-11T09:00:00Z');
    `);
    const database = await openPglite({ instance: client });
    try {
      const columns = await client.query<{ column_name: string }>(
        "select column_name from information_schema.columns where table_name = 'orders'",
      );
      expect(columns.rows.map((c) => c.column_name)).not.toContain('status');
      expect(await syncOrderTerms(database.db)).toBe(2);
      const rows = await database.db.select().from(orders).orderBy(orders.id);
      expect(rows.map((r) => [r.number, r.cancelledAt, r.startsAt, r.endsAt])).toEqual([
        [
          'AD-27-000001',
          new Date('2027-01-11T09:00:00Z'),
          new Date('2027-01-25T00:00:00'),
          new Date('2027-01-31T23:59:59.999'),
        ],
        ['AD-27-000002', null, new Date('2027-02-01T00:00:00'), new Date('2027-02-07T23:59:59.999')],
      ]);
      expect(rows[1]?.pricing?.lines).toEqual([
        { label: '5 spots per week × 1 week at $1,000 per spot', amount_cents: 500_000 },
      ]);
    } finally {
      await database.close();
    }
  });
});
