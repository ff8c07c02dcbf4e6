import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import { CatalogueIndex } from '../../server/catalogue/index';
import { readServerConfig } from '../../server/config';
import { openPglite } from '../../server/db/client';
import { serverReadiness } from '../../server/health/checks';
import { loadPgliteTemplate } from '../support/pgliteTemplate';
import { DRIVERS, type Harness } from './harness';

/**
 * Issue 29, point 1: what a load balancer or an orchestrator asks a server process. `/healthz`: it
 * answers. `/readyz`: it should get requests (its database answers, the migrations are applied, the
 * search index is loaded, the job queue runs, it is not stopping), or 503 naming what is not in order.
 * (The supervisor's answers while no process serves, and a stop's, are in process.test.ts.)
 */

const EVERY_PART_IN_ORDER = {
  ready: true,
  failing: [],
  parts: {
    database: { ok: true },
    migrations: { ok: true },
    searchIndex: { ok: true },
    jobs: { ok: true },
    draining: { ok: true },
  },
};

describe.each(DRIVERS)('health probes on %s', (_name, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await open();
  });
  afterAll(() => h?.close());

  /** The app as a server process builds it: with the job queue among its parts. */
  const served = () => {
    const readiness = serverReadiness({ db: h.database.db, catalogue: h.catalogue, jobs: h.jobs });
    return {
      readiness,
      app: createApp({ db: h.database.db, config: h.config, catalogue: h.catalogue, readiness }),
    };
  };

  it('answers GET /healthz with 200, never cached', async () => {
    const answer = await h.app.request('/healthz');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toEqual({ ok: true });
  });

  it('answers GET /readyz with 200 and every part in order', async () => {
    const answer = await served().app.request('/readyz');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toEqual(EVERY_PART_IN_ORDER);
  });

  it('answers 503 naming "draining" once the process stops, while /healthz stays 200', async () => {
    const { app, readiness } = served();
    expect((await app.request('/readyz')).status).toBe(200);
    readiness.draining();
    const answer = await app.request('/readyz');
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('1');
    const report = (await answer.json()) as { ready: boolean; failing: string[] };
    expect(report).toMatchObject({ ready: false, failing: ['draining'] });
    expect((await app.request('/healthz')).status).toBe(200);
  });

  it('names the job queue when it does not run', async () => {
    const jobs = { ...h.jobs, ready: () => false };
    const readiness = serverReadiness({ db: h.database.db, catalogue: h.catalogue, jobs });
    const app = createApp({ db: h.database.db, config: h.config, catalogue: h.catalogue, readiness });
    const answer = await app.request('/readyz');
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({
      ready: false,
      failing: ['jobs'],
      parts: { jobs: { ok: false, detail: 'The job queue is not running.' } },
    });
  });

  it('answers only GET: another method on a probe is a 404 of the API, not the storefront', async () => {
    const answer = await h.app.request('/readyz', { method: 'POST' });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ success: false });
  });
});

describe('a database that stops answering', () => {
  it('makes /readyz answer 503 naming "database"', async () => {
    const own = await openPglite({ instance: await loadPgliteTemplate(inject('pgliteTemplate')) });
    const app = createApp({
      db: own.db,
      config: readServerConfig({}),
      catalogue: await CatalogueIndex.load(own.db),
    });
    expect((await app.request('/readyz')).status).toBe(200);
    await own.close();
    const answer = await app.request('/readyz');
    expect(answer.status).toBe(503);
    const report = (await answer.json()) as { failing: string[]; parts: Record<string, unknown> };
    expect(report.failing).toContain('database');
    expect(report.parts.database).toEqual({ ok: false, detail: 'The database does not answer.' });
  });
});

const onPostgres = DRIVERS.find(([name]) => name === 'PostgreSQL')?.[1];

describe.skipIf(!onPostgres)('a process whose request pool is busy, on PostgreSQL', () => {
  let h: Harness;
  beforeAll(async () => {
    if (onPostgres) h = await onPostgres();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is still ready: its database is asked on the session connection, not behind the requests', async () => {
    const readiness = serverReadiness({
      db: h.database.db,
      session: h.database.session,
      catalogue: h.catalogue,
      jobs: h.jobs,
    });
    const app = createApp({ db: h.database.db, config: h.config, catalogue: h.catalogue, readiness });
    // Asked since its start: the migrations, once found applied, are not read again.
    expect((await app.request('/readyz')).status).toBe(200);
    // Every connection of the pool busy for longer than the probe waits (a peak of slow requests).
    const { max } = h.database.pools()[0] ?? { max: 0 };
    // (A drizzle query runs once something waits for it: Promise.resolve does.)
    const busy = Array.from({ length: max }, () =>
      Promise.resolve(h.database.db.execute(sql`select pg_sleep(2)`)),
    );
    try {
      await vi.waitFor(() => expect(h.database.pools()[0]).toMatchObject({ total: max, idle: 0 }));
      const answer = await app.request('/readyz');
      expect(((await answer.json()) as { parts: Record<string, unknown> }).parts.database).toEqual({
        ok: true,
      });
      expect(answer.status).toBe(200);
    } finally {
      await Promise.all(busy);
    }
  });
});
