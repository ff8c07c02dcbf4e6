import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../../server/config';
import { Readiness } from '../../server/health/readiness';
import { JOB_KINDS } from '../../server/jobs/kinds';
import { collectServerMetrics } from '../../server/metrics/collectors';
import { aggregated } from '../../server/metrics/exposition';
import { createMetrics } from '../../server/metrics/registry';
import { bearerMatches } from '../../server/metrics/routes';
import { probeAnswer } from '../../server/supervision/heldProbes';
import { telemetryImport, withoutTelemetry } from '../../server/telemetryProcess';
import { total } from '../support/prometheus';

/** Issue 29, points 1 and 2: the small decisions behind the probes, the metrics and the traces. */

const head = (text: string) => Buffer.from(text, 'latin1');
const bodyOf = (answer: string | null) => JSON.parse(answer?.split('\r\n\r\n')[1] ?? 'null');

describe('the supervisor’s own answers to probes (while no server process serves)', () => {
  it('says it is alive, and not ready because one is starting', () => {
    const alive = probeAnswer(head('GET /healthz HTTP/1.1\r\nHost: lb\r\n\r\n'));
    expect(alive?.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);
    expect(bodyOf(alive)).toEqual({ ok: true });
    const ready = probeAnswer(head('GET /readyz?verbose=1 HTTP/1.1\r\nHost: lb\r\n\r\n'));
    expect(ready?.startsWith('HTTP/1.1 503 Service Unavailable\r\n')).toBe(true);
    expect(ready).toContain('\r\nRetry-After: 1\r\n');
    expect(ready).toContain('\r\nConnection: close\r\n');
    expect(bodyOf(ready)).toMatchObject({ ready: false, failing: ['starting'] });
  });

  it('answers a HEAD with the headers only, and Content-Length that of the GET', () => {
    const answer = probeAnswer(head('HEAD /healthz HTTP/1.1\r\n\r\n')) ?? '';
    expect(answer.endsWith('\r\n\r\n')).toBe(true);
    expect(answer).toContain(`Content-Length: ${JSON.stringify({ ok: true }).length}\r\n`);
  });

  it('leaves every other request to a server process, a request line cut short included', () => {
    for (const request of [
      'GET /api/v1/ui/stats HTTP/1.1\r\n\r\n',
      'POST /readyz HTTP/1.1\r\n\r\n',
      'GET /healthzz HTTP/1.1\r\n\r\n',
      'GET /readyz HTTP/1.1',
      'GET /rea',
    ])
      expect(probeAnswer(head(request)), request).toBeNull();
  });
});

describe('readiness', () => {
  it('names the failing parts in order, and a probe that throws without its error', async () => {
    const readiness = new Readiness({
      database: () => ({ ok: true }),
      searchIndex: () => {
        throw new Error('secret host db.internal:5432');
      },
    });
    readiness.set('jobs', false, 'The job queue is not running.');
    expect(await readiness.report()).toEqual({
      ready: false,
      failing: ['searchIndex', 'jobs'],
      parts: {
        database: { ok: true },
        searchIndex: { ok: false, detail: 'Checking it failed.' },
        draining: { ok: true },
        jobs: { ok: false, detail: 'The job queue is not running.' },
      },
    });
  });
});

describe('the metrics’ token', () => {
  const token = 'a-metrics-token-0123456789';
  it('is read from the Authorization header as a bearer token', () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerMatches(token, token)).toBe(false);
    expect(bearerMatches(undefined, token)).toBe(false);
  });

  it('is a setting too short to guess, and METRICS_PORT a port', () => {
    expect(readServerConfig({ METRICS_TOKEN: token, METRICS_PORT: '9464' })).toMatchObject({
      metricsToken: token,
      metricsPort: 9464,
    });
    expect(readServerConfig({})).toMatchObject({ metricsToken: null, metricsPort: null });
    expect(() => readServerConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be 16 to 256/);
    expect(() => readServerConfig({ METRICS_TOKEN: token, METRICS_PORT: 'x' })).toThrow(
      'METRICS_PORT must be a whole number',
    );
    // The second port listens on every address by default: never without the token.
    expect(() => readServerConfig({ METRICS_PORT: '9464' })).toThrow(
      'METRICS_PORT is set without METRICS_TOKEN',
    );
  });
});

describe('the traces’ set-up in the server processes', () => {
  it('is loaded into a server process, and left out of the threads that check files', () => {
    const load = telemetryImport('/srv/adlane/server', '.ts');
    expect(load).toEqual(['--import', 'file:///srv/adlane/server/telemetry.ts']);
    expect(withoutTelemetry(['--import', 'tsx', ...load, '--max-old-space-size=512'])).toEqual([
      '--import',
      'tsx',
      '--max-old-space-size=512',
    ]);
    expect(withoutTelemetry(['--import=file:///srv/adlane/dist/.server/telemetry.js'])).toEqual([]);
  });
});

describe('the metrics of several server processes, as one', () => {
  /** One process's metrics: `requests` answered, and the queue's depth as it read it from the database. */
  async function processFigures(requests: number, queued: number) {
    const metrics = createMetrics();
    collectServerMetrics(metrics, {
      database: { driver: 'postgres', pools: () => [], onQuery: () => {} },
      outbox: async () => [{ status: 'sent', n: 4 }],
      jobs: {
        counts: async () =>
          JOB_KINDS.map((kind) => ({ kind, queued, deferred: 0, active: 0, failed: 0, dead: 0 })),
        attempts: { on: () => {} },
      },
      catalogue: { size: 10 },
    });
    for (let i = 0; i < requests; i++)
      metrics.requests.inc({ method: 'GET', route: '/api/v1/media/:mediacode', status: '200' });
    return metrics.registry.getMetricsAsJSON();
  }

  it('sums the requests, and takes the largest of the figures every process reads from the database', async () => {
    const { text } = await aggregated([await processFigures(2, 5), await processFigures(3, 7)]);
    expect(total(text, 'adlane_http_requests_total', { route: '/api/v1/media/:mediacode' })).toBe(5);
    expect(total(text, 'adlane_jobs', { kind: 'mail.send', state: 'queued' })).toBe(7);
    expect(total(text, 'adlane_outbox_messages', { status: 'sent' })).toBe(4);
    expect(total(text, 'adlane_catalogue_placements')).toBe(10);
  });
});
