import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { UserData } from '../../contract/auth';
import type { Cart } from '../../contract/cart';
import { geocodeAnswer } from '../../contract/geocoding';
import { type Database, openPglite, openPostgres } from '../../server/db/client';
import { zips } from '../../server/db/schema';
import { postgresDatabase } from '../support/postgres';
import { spawnServer } from '../support/serverProcess';
import { POSTGRES_TEMPLATE_DB } from './globalSetup';
import { type Harness, harnessOn, manualClock } from './harness';
import { customer } from './orderShop';
import { caller } from './shop';

/*
 * The database options (issue 29, point 5): DATABASE_REPLICA_URLS sends the reads that may lag to a
 * read replica and keeps the rest on the primary, so a customer reads what they just wrote;
 * DATABASE_POOL_MAX bounds each process's connections. The "replica" is a copy of the primary that
 * does not follow it: what a read answers shows which database it went to.
 */

const serverUrl = inject('postgresUrl');
type TestDatabase = Awaited<ReturnType<typeof postgresDatabase>>;

/** Every query the database's observers are told of, in order: its time in seconds, and whether it failed. */
function observed(database: Database) {
  const queries: { seconds: number; failed: boolean }[] = [];
  database.onQuery((seconds, failed) => {
    queries.push({ seconds, failed });
  });
  return {
    failures: () => queries.map((query) => query.failed),
    timed: () => queries.every((query) => query.seconds >= 0 && query.seconds < 60),
  };
}

/** A select, a query that fails, and a transaction holding one select. */
async function threeKindsOfQuery(database: Database) {
  await database.db.select({ zips: count() }).from(zips);
  await expect(database.db.execute(sql`select no_such_column from zips`)).rejects.toThrow(/no_such_column/);
  await database.db.transaction(async (tx) => {
    await tx.select({ zip: zips.zip }).from(zips).limit(1);
  });
}

describe.skipIf(!serverUrl)('read replicas (DATABASE_REPLICA_URLS) on PostgreSQL', () => {
  let primary: TestDatabase | undefined;
  let replica: TestDatabase | undefined;
  let h: Harness | undefined;
  const clock = manualClock();
  const opened = () => {
    if (!h) throw new Error('The app is not open.');
    return h;
  };
  const call = caller(opened);
  let buyer: { token: string; email: string };
  let cartUuid: string;

  const addDesign = async (token: string, mediacode: string, cartid?: string) => {
    const answer = await call<Cart>('POST', '/checkout/item/create', {
      token,
      body: { mediacode, quantity: '1', ...(cartid ? { cartid } : {}) },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };

  beforeAll(async () => {
    primary = await postgresDatabase(serverUrl ?? '', 'primary', POSTGRES_TEMPLATE_DB);
    // A customer with one item in their cart before the copy: the replica holds their account, their
    // sign-in and that cart, as a replica that had caught up would.
    const before = await harnessOn(await openPostgres(primary.url, { poolMax: 2 }), { clock: clock.now });
    h = before;
    buyer = await customer(call);
    cartUuid = (await addDesign(buyer.token, 'CU-01')).uuid;
    h = undefined;
    await before.close();
    replica = await postgresDatabase(serverUrl ?? '', 'replica', primary.name);
    await replica.query(
      `insert into zips (zip, city, state, latitude, longitude, prodcode)
       select '00042', 'Replicaville', state, latitude, longitude, prodcode from zips where zip = '60601'`,
    );
    await replica.query(`insert into companies (name) values ('Known to the replica alone')`);
    h = await harnessOn(await openPostgres(primary.url, { poolMax: 2, replicaUrls: [replica.url] }), {
      clock: clock.now,
    });
  });
  afterAll(async () => {
    await h?.close();
    await primary?.drop();
    await replica?.drop();
  });

  it('answers the geocoder from the replica: a place only the replica has is found', async () => {
    const response = await opened().app.request('/geocoding/v5/mapbox.places/Replicaville.json?types=place');
    expect(response.status).toBe(200);
    const [found] = geocodeAnswer.parse(await response.json()).features;
    expect(found).toMatchObject({
      text: 'Replicaville',
      place_name: 'Replicaville, Illinois 00042, United States',
    });
    expect(await primary?.query("select zip from zips where city = 'Replicaville'")).toEqual([]);
  });

  it('counts the companies on the home page from the replica', async () => {
    const companiesOf = async (database: TestDatabase | undefined) =>
      Number((await database?.query<{ n: string }>('select count(*) as n from companies'))?.[0]?.n);
    const replicaCount = await companiesOf(replica);
    expect(replicaCount).toBe((await companiesOf(primary)) + 1);
    const stats = await call<{ total_companies: number }>('GET', '/ui/stats');
    expect(stats.body.data.total_companies).toBe(replicaCount);
  });

  it('keeps what a customer reads after a write on the primary: their new name, their cart', async () => {
    const patched = await opened().app.request('/api/v1/me', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ firstname: 'Rita' }),
    });
    expect(patched.status).toBe(200);
    const me = await call<UserData>('GET', '/me', { token: buyer.token });
    expect(me.body.data.firstname).toBe('Rita');
    // The write went to the primary only: the replica still holds the name from before.
    expect(
      await replica?.query(`select firstname from users where email = '${buyer.email.replace(/'/g, "''")}'`),
    ).toEqual([{ firstname: 'Sam' }]);

    await addDesign(buyer.token, 'CU-02', cartUuid);
    const cart = await call<Cart>('GET', `/checkout/${cartUuid}`, { token: buyer.token });
    expect(cart.status).toBe(200);
    expect(cart.body.data.contents.items.map((item) => item.mediacode)).toEqual(['CU-02', 'CU-01']);
  });

  it('times every query on every pool for onQuery, and says how full each pool is', async () => {
    const { database, background } = opened();
    await background.settled();
    const queries = observed(database);
    await database.readDb.select({ zips: count() }).from(zips);
    await threeKindsOfQuery(database);
    // The replica's select, the primary's select, the failed one, and begin, select, commit.
    expect(queries.failures()).toEqual([false, false, true, false, false, false]);
    expect(queries.timed()).toBe(true);
    const pools = database.pools();
    expect(pools).toEqual([
      { name: 'primary', max: 2, total: expect.any(Number), idle: expect.any(Number), waiting: 0 },
      { name: 'replica1', max: 2, total: expect.any(Number), idle: expect.any(Number), waiting: 0 },
    ]);
    for (const pool of pools) {
      expect(pool.total).toBeGreaterThanOrEqual(1);
      expect(pool.total).toBeLessThanOrEqual(2);
    }
    expect(database).toMatchObject({ driver: 'postgres', url: primary?.url, pglite: null });
  });

  it('stops the start when a replica cannot be reached, naming it without its password', async () => {
    const opening = openPostgres(primary?.url ?? '', {
      poolMax: 1,
      replicaUrls: ['postgres://reader:s3cret@127.0.0.1:1/nowhere'],
    });
    const refusal = await opening.then(
      () => 'opened',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(refusal).toMatch(
      /^The read replica replica1 \(127\.0\.0\.1:1\/nowhere\) of DATABASE_REPLICA_URLS could not be reached: /,
    );
    expect(refusal).not.toContain('s3cret');
  });
});

describe.skipIf(!serverUrl)('DATABASE_POOL_MAX on PostgreSQL', () => {
  it('keeps a server process to that many connections under 20 requests at once', async () => {
    const database = await postgresDatabase(serverUrl ?? '', 'poolmax', POSTGRES_TEMPLATE_DB);
    const server = await spawnServer(
      { DATABASE_URL: database.url, DATABASE_POOL_MAX: '3' },
      'server/worker.ts',
    );
    try {
      await server.ready;
      // Twenty searches for places, each two queries, all at once: the pool fills up to its bound
      // and the rest wait for a connection.
      const answers = await Promise.all(
        [...'abcdefghijklmnoprstw'].map((letter) =>
          fetch(`${server.baseURL}/geocoding/v5/mapbox.places/${letter}.json?types=place`),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      // Idle connections stay open for 10 s after their last query, so every one opened is counted.
      const [row] = await database.query<{ open: number }>(
        "select count(*)::int as open from pg_stat_activity where datname = current_database() and application_name = 'adlane'",
      );
      expect(row?.open).toBe(3);
    } finally {
      await server.stop();
      await database.drop();
    }
  }, 120_000);
});

describe('the database options at start-up', () => {
  it('stops a server whose DATABASE_POOL_MAX is not a number of connections, saying so', async () => {
    // Nothing listens on port 1: the setting is refused before any connection is tried.
    const server = await spawnServer({ DATABASE_URL: 'postgres://127.0.0.1:1/none', DATABASE_POOL_MAX: '0' });
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toContain(
      'DATABASE_POOL_MAX must be a whole number of connections, 1 or more (10 when unset), got \\"0\\".',
    );
  }, 60_000);

  it('times every query on PGlite too, where readDb is db and there is no pool', async () => {
    const database = await openPglite();
    try {
      const queries = observed(database);
      await threeKindsOfQuery(database);
      // PGlite begins and commits inside its transaction call: only the select in it is a query.
      expect(queries.failures()).toEqual([false, true, false]);
      expect(queries.timed()).toBe(true);
      expect(database.readDb).toBe(database.db);
      expect(database.pools()).toEqual([]);
      expect(database).toMatchObject({ driver: 'pglite', url: null });
      expect(database.pglite).not.toBeNull();
    } finally {
      await database.close();
    }
  });
});
