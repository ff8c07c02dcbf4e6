import { afterEach, describe, expect, inject, it } from 'vitest';
import { openPglite } from '../../server/db/client';
import { carts } from '../../server/db/schema';
import { call, firstOnSale, HttpFailure } from '../support/httpShop';
import { postgresDatabase } from '../support/postgres';
import {
  childrenOf,
  holderOf,
  pgliteFolder,
  type ServerProcess,
  spawnServer,
  startEnvOf,
} from '../support/serverProcess';

/**
 * `npm start` is a supervisor (server/main.ts) that keeps server processes serving: one killed or
 * crashed is replaced by its spare, the connections that arrive meanwhile wait instead of being
 * refused, and what was acknowledged before stays written. Each test runs a real supervisor.
 */

const running: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((one) => one.stop()));
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function supervised(env: Record<string, string>) {
  const server = await spawnServer(env);
  running.push(server);
  await server.ready;
  return server;
}

const FAULT_KEY = 'fault-injection-test-key';

/** A supervised server on a fresh folder whose fault routes are on, and a way to call them. */
async function withFaults() {
  const folder = await pgliteFolder(inject('pgliteTemplate'));
  cleanups.push(() => folder.remove());
  const started = await supervised({
    DATA_DIR: folder.dataDir,
    FAULT_INJECTION: 'true',
    OUTBOX_KEY: FAULT_KEY,
  });
  const fault = async (kind: 'uncaught' | 'rejection', requestId: string) =>
    (
      await fetch(`${started.baseURL}/api/v1/dev/faults/${kind}`, {
        method: 'POST',
        headers: { 'x-outbox-key': FAULT_KEY, 'x-request-id': requestId },
      })
    ).status;
  return { folder, server: Object.assign(started, { fault }) };
}

interface Outcome {
  startedAt: number;
  endedAt: number;
  ok: boolean;
}

/**
 * Clients that keep adding a placement to new carts (a write each) and reading, until `stop`; every
 * cart the server acknowledged is kept, with when each request started and ended.
 */
function load(base: string, item: { mediacode: string; date: string }, clients = 6) {
  const acknowledged: string[] = [];
  const outcomes: Outcome[] = [];
  let stopped = false;
  const one = async (write: boolean) => {
    const startedAt = performance.now();
    try {
      if (write) {
        const cart = await call<{ uuid: string }>(base, 'POST', '/checkout/item/create', {
          body: { mediacode: item.mediacode, dates: [item.date], quantity: 1 },
        });
        acknowledged.push(cart.uuid);
      } else {
        await call(base, 'GET', '/ui/stats');
      }
      outcomes.push({ startedAt, endedAt: performance.now(), ok: true });
    } catch (error) {
      if (!(error instanceof HttpFailure) && !(error instanceof TypeError)) throw error;
      outcomes.push({ startedAt, endedAt: performance.now(), ok: false });
    }
  };
  const lanes = Array.from({ length: clients }, async (_, lane) => {
    for (let i = 0; !stopped; i++) await one((lane + i) % 3 !== 0);
  });
  return {
    acknowledged,
    outcomes,
    stop: async () => {
      stopped = true;
      await Promise.all(lanes);
    },
  };
}

/** Resolves after `ms` of real time: the load runs meanwhile (what is measured is the server's). */
const during = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long after `at` the first request started after it was answered. */
function backAfter(outcomes: Outcome[], at: number): number {
  const answered = outcomes.filter((o) => o.ok && o.startedAt >= at).map((o) => o.endedAt);
  return Math.min(...answered) - at;
}

describe('a supervised server', () => {
  it('replaces a server process killed under load within 2 s, and keeps every acknowledged write (PGlite)', {
    timeout: 180_000,
  }, async () => {
    const folder = await pgliteFolder(inject('pgliteTemplate'));
    cleanups.push(() => folder.remove());
    const server = await supervised({ DATA_DIR: folder.dataDir });
    const item = await firstOnSale(server.baseURL, 'printmag', '60614');
    // The spare loads beside the serving process once that one serves.
    await server.printed('is ready to take over');
    const traffic = load(server.baseURL, item);
    await during(1_500);
    const serving = holderOf(folder.dataDir);
    const killedAt = performance.now();
    process.kill(serving, 'SIGKILL');
    await during(4_000);
    await traffic.stop();

    const back = backAfter(traffic.outcomes, killedAt);
    expect(back).toBeLessThan(2_000);
    expect(server.output()).toContain(`Server process ${serving} ended (killed by SIGKILL)`);
    expect(server.output()).toMatch(/Server process \d+ is serving \(took over in \d+ ms\)/);
    expect(traffic.acknowledged.length).toBeGreaterThan(20);

    expect(await server.stop()).toEqual({ code: 0, signal: null });
    const database = await openPglite({ dataDir: folder.dataDir });
    try {
      const stored = new Set((await database.db.select({ uuid: carts.uuid }).from(carts)).map((c) => c.uuid));
      expect(traffic.acknowledged.filter((uuid) => !stored.has(uuid))).toEqual([]);
    } finally {
      await database.close();
    }
  });

  const postgresUrl = inject('postgresUrl');
  it.skipIf(!postgresUrl)(
    'goes on serving on PostgreSQL while one of its server processes is killed, and keeps every acknowledged write',
    {
      timeout: 180_000,
    },
    async () => {
      const database = await postgresDatabase(postgresUrl ?? '', 'supervision');
      cleanups.push(database.drop);
      const server = await supervised({ DATABASE_URL: database.url, WEB_CONCURRENCY: '2' });
      const item = await firstOnSale(server.baseURL, 'printmag', '60614');
      await server.printed('is ready to take over');
      const traffic = load(server.baseURL, item);
      await during(1_500);
      const first = childrenOf(server.pid).find((pid) => startEnvOf(pid, 'ADLANE_WORKER_INDEX') === '0');
      if (!first) throw new Error('No first server process.');
      const killedAt = performance.now();
      process.kill(first, 'SIGKILL');
      await during(4_000);
      await traffic.stop();

      expect(backAfter(traffic.outcomes, killedAt)).toBeLessThan(2_000);
      expect(server.output()).toContain(`Server process ${first} ended (killed by SIGKILL)`);
      const stored = await database.query<{ uuid: string }>('SELECT uuid FROM carts');
      const uuids = new Set(stored.map((row) => row.uuid));
      expect(traffic.acknowledged.filter((uuid) => !uuids.has(uuid))).toEqual([]);
    },
  );

  it('starts a serving process itself when the spare dies while a place waits for it', {
    timeout: 180_000,
  }, async () => {
    const folder = await pgliteFolder(inject('pgliteTemplate'));
    cleanups.push(() => folder.remove());
    const server = await supervised({ DATA_DIR: folder.dataDir });
    await server.printed('is ready to take over');
    process.kill(holderOf(folder.dataDir), 'SIGKILL');
    await server.printed('is serving (took over in');
    // The next spare starts a few seconds after the takeover: catch it loading.
    const serving = holderOf(folder.dataDir);
    let spare: number | undefined;
    while (spare === undefined) {
      spare = childrenOf(server.pid).find((pid) => pid !== serving);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    process.kill(serving, 'SIGKILL');
    await server.printed(`Server process ${serving} ended`);
    process.kill(spare, 'SIGKILL');
    await server.printed(`The spare server process ${spare} ended`);
    // At once (the same moment in the log), not after the wait for a spare that will never come.
    await server.printed('No spare to take the vacant place');
    const at = (text: string) =>
      Date.parse(
        JSON.parse(
          server
            .output()
            .split('\n')
            .find((line) => line.includes(text)) ?? '{}',
        ).time,
      );
    expect(
      at('No spare to take the vacant place') - at(`The spare server process ${spare} ended`),
    ).toBeLessThan(5_000);
    expect(server.output()).not.toContain('The spare is still loading');
    const answer = await fetch(`${server.baseURL}/api/v1/ui/stats`, { signal: AbortSignal.timeout(30_000) });
    expect(answer.status).toBe(200);
    expect(holderOf(folder.dataDir)).not.toBe(serving);
  });

  it('logs an uncaught exception with its request id, and puts a new server process in the crashed one’s place', {
    timeout: 120_000,
  }, async () => {
    const { server, folder } = await withFaults();
    await server.printed('is ready to take over');
    const crashing = holderOf(folder.dataDir);
    expect(await server.fault('uncaught', 'crash-request-1')).toBe(200);
    await server.printed('is serving (took over in');
    const line = server
      .output()
      .split('\n')
      .find((text) => text.includes('An uncaught exception'));
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      level: 60,
      requestId: 'crash-request-1',
      err: { message: 'A fault injected on purpose (uncaught).' },
    });
    expect(server.output()).toContain(`Server process ${crashing} ended (an uncaught exception)`);
    expect(holderOf(folder.dataDir)).not.toBe(crashing);
    expect((await fetch(`${server.baseURL}/api/v1/ui/stats`)).status).toBe(200);
  });

  it('logs a rejection nothing waited for with its request id, and serves on', {
    timeout: 120_000,
  }, async () => {
    const { server, folder } = await withFaults();
    const serving = holderOf(folder.dataDir);
    expect(await server.fault('rejection', 'rejection-request-1')).toBe(200);
    await server.printed('A promise failed with nothing waiting for it');
    const line = server
      .output()
      .split('\n')
      .find((text) => text.includes('A promise failed'));
    expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 50, requestId: 'rejection-request-1' });
    expect((await fetch(`${server.baseURL}/api/v1/ui/stats`)).status).toBe(200);
    expect(holderOf(folder.dataDir)).toBe(serving);
  });
});
