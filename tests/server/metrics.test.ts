import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import { JOB_KINDS } from '../../server/jobs/kinds';
import { collectServerMetrics, outboxByStatus } from '../../server/metrics/collectors';
import { expositionOf } from '../../server/metrics/exposition';
import { createMetrics } from '../../server/metrics/registry';
import { getFreePort } from '../support/ports';
import { postgresDatabase } from '../support/postgres';
import { samplesNamed, total } from '../support/prometheus';
import { type ServerProcess, spawnServer } from '../support/serverProcess';
import { POSTGRES_TEMPLATE_DB } from './globalSetup';
import { DRIVERS, type Harness } from './harness';

/**
 * Issue 29, point 2: `GET /metrics` in Prometheus's text format, for the bearer of METRICS_TOKEN:
 * requests by route template and status, the database's pools, the job queue by kind, the file
 * checks' threads, the outbox, and Node's own figures; one process's figures or, supervised, every
 * server process's summed (on the main port and on METRICS_PORT).
 */

const TOKEN = 'metrics-token-of-the-tests-0123456789';
const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

describe.each(DRIVERS)('GET /metrics on %s', (name, open) => {
  let h: Harness;
  let app: ReturnType<typeof createApp>;
  let mediacode: string;

  /** The app as a server process builds it, with metrics and (or without) a token. */
  const withMetrics = (token: string | null) => {
    const metrics = createMetrics();
    collectServerMetrics(metrics, {
      database: h.database,
      outbox: () => outboxByStatus(h.database.db),
      jobs: h.jobs,
      catalogue: h.catalogue,
      preflight: () => ({ queued: 3, utilization: 0.25 }),
    });
    return createApp({
      db: h.database.db,
      config: h.config,
      catalogue: h.catalogue,
      metrics: { metrics, token, exposition: () => expositionOf(metrics.registry) },
    });
  };
  const scrape = (token = TOKEN) =>
    app.request('/metrics', { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    h = await open();
    app = withMetrics(TOKEN);
    mediacode = h.catalogue.placements[0]?.mediacode ?? '';
  });
  afterAll(() => h?.close());

  it('is a 404 without METRICS_TOKEN, a 401 for a wrong token, and the text format for the right one', async () => {
    expect((await h.app.request('/metrics')).status).toBe(404);
    const untokened = withMetrics(null);
    expect(
      (await untokened.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status,
    ).toBe(404);
    expect((await app.request('/metrics')).status).toBe(401);
    const wrong = await scrape(`${TOKEN}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    const right = await scrape();
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toBe(PROMETHEUS_TEXT);
    expect(right.headers.get('cache-control')).toBe('no-store');
  });

  it('counts requests by route template and status, not by the path asked for', async () => {
    expect((await app.request(`/api/v1/media/${mediacode}`)).status).toBe(200);
    expect((await app.request('/api/v1/media/NO-SUCH-CODE')).status).toBe(404);
    const text = await (await scrape()).text();
    expect(text).toContain(
      'adlane_http_requests_total{method="GET",route="/api/v1/media/:mediacode",status="200"} 1\n',
    );
    expect(
      total(text, 'adlane_http_requests_total', { route: '/api/v1/media/:mediacode', status: '404' }),
    ).toBe(1);
    expect(
      total(text, 'adlane_http_request_duration_seconds_count', {
        route: '/api/v1/media/:mediacode',
        status: '200',
      }),
    ).toBe(1);
    expect(text).not.toContain(`/api/v1/media/${mediacode}`);
    // The scrapes themselves are not requests of the product.
    expect(samplesNamed(text, 'adlane_http_requests_total', { route: '/metrics' })).toEqual([]);
  });

  it('has the job queue by kind and state, the file checks, the outbox, the pools and Node’s own figures', async () => {
    const text = await (await scrape()).text();
    for (const kind of JOB_KINDS)
      for (const state of ['queued', 'deferred', 'active', 'failed', 'dead'])
        expect(samplesNamed(text, 'adlane_jobs', { kind, state }), `${kind} ${state}`).toHaveLength(1);
    expect(total(text, 'adlane_preflight_queue')).toBe(3);
    expect(total(text, 'adlane_preflight_utilization')).toBe(0.25);
    expect(text).toContain('# TYPE adlane_outbox_messages gauge');
    expect(text).toContain('# TYPE adlane_db_query_duration_seconds histogram');
    expect(total(text, 'adlane_catalogue_placements')).toBe(h.catalogue.size);
    expect(samplesNamed(text, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
    expect(total(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    if (name === 'PostgreSQL') {
      expect(
        samplesNamed(text, 'adlane_db_pool_connections', { pool: 'primary', state: 'total' }),
      ).toHaveLength(1);
      expect(total(text, 'adlane_db_pool_max', { pool: 'primary' })).toBeGreaterThan(0);
    }
  });
});

/** A GET on a connection of its own: the supervisor hands each connection to the next server process. */
function getAlone(url: string, token?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent: false, headers: token ? { authorization: `Bearer ${token}` } : {} },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.once('error', reject);
  });
}

describe('metrics of a supervised server', () => {
  const running: ServerProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((one) => one.stop()));
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  const postgresUrl = inject('postgresUrl');
  it.skipIf(!postgresUrl)(
    'sums its server processes’ figures, on METRICS_PORT and on the main port',
    { timeout: 180_000 },
    async () => {
      const database = await postgresDatabase(postgresUrl ?? '', 'metrics', POSTGRES_TEMPLATE_DB);
      cleanups.push(database.drop);
      const metricsPort = await getFreePort();
      const server = await spawnServer({
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: '2',
        METRICS_PORT: String(metricsPort),
        METRICS_TOKEN: TOKEN,
      });
      running.push(server);
      await server.ready;
      // The first process says the server is ready; the second, that it serves too.
      await server.printed('is serving (started in');
      const [row] = await database.query<{ mediacode: string }>('SELECT mediacode FROM media LIMIT 1');
      const path = `/api/v1/media/${row?.mediacode ?? ''}`;

      const requests = 20;
      for (let i = 0; i < requests; i++)
        expect((await getAlone(`${server.baseURL}${path}`)).status).toBe(200);

      const media = { route: '/api/v1/media/:mediacode', status: '200' };
      const onMetricsPort = await getAlone(`http://127.0.0.1:${metricsPort}/metrics`, TOKEN);
      expect(onMetricsPort.status).toBe(200);
      expect(total(onMetricsPort.text, 'adlane_http_requests_total', media)).toBe(requests);
      expect(total(onMetricsPort.text, 'adlane_http_request_duration_seconds_count', media)).toBe(requests);
      expect(
        samplesNamed(onMetricsPort.text, 'adlane_db_pool_connections', { pool: 'primary', state: 'total' }),
      ).toHaveLength(1);
      expect((await getAlone(`http://127.0.0.1:${metricsPort}/metrics`, 'not-the-token')).status).toBe(401);

      // Whichever process a scrape reaches answers for both.
      for (let i = 0; i < 2; i++) {
        const onMainPort = await getAlone(`${server.baseURL}/metrics`, TOKEN);
        expect(onMainPort.status).toBe(200);
        expect(total(onMainPort.text, 'adlane_http_requests_total', media)).toBe(requests);
      }

      // A catalogue change: the version both processes search (the older of the two) follows it,
      // and each process's reading of it is timed.
      const versionNow = async () =>
        Number(
          (await database.query<{ version: string }>('SELECT version FROM catalogue_version'))[0]?.version,
        );
      const scrape = async () => (await getAlone(`http://127.0.0.1:${metricsPort}/metrics`, TOKEN)).text;
      expect(total(await scrape(), 'adlane_catalogue_version')).toBe(await versionNow());
      await database.query(`UPDATE media SET name = name || ' ' WHERE mediacode = '${row?.mediacode ?? ''}'`);
      const changed = await versionNow();
      await vi.waitFor(
        async () => {
          const text = await scrape();
          expect(total(text, 'adlane_catalogue_version')).toBe(changed);
          expect(total(text, 'adlane_catalogue_reload_seconds_count')).toBe(2);
        },
        { timeout: 10_000, interval: 200 },
      );
    },
  );
});
