import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { buildServer } from '../../scripts/serverBundle';
import { signUp } from '../support/httpShop';
import { startLocalS3 } from '../support/localS3';
import { type ReceivedSpan, SPAN_KIND, startOtlpReceiver } from '../support/otlpReceiver';
import { postgresDatabase } from '../support/postgres';
import { pgliteFolder, type ServerProcess, spawnServer } from '../support/serverProcess';
import { POSTGRES_TEMPLATE_DB } from './globalSetup';

/**
 * Issue 29, point 2: with OTEL_EXPORTER_OTLP_ENDPOINT set, a request, the queries it makes and its
 * calls out (here: the S3 bucket a download reads) are spans of one trace, sent over OTLP/HTTP to the
 * collector (a stand-in the test runs). A load balancer's probes are not traced.
 */

const BUCKET = 'adlane-traces';
/** Spans are sent in batches: this often, instead of the SDK's 5 s. */
const BATCH_MS = '100';

const cleanups: (() => Promise<void>)[] = [];
const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((one) => one.stop()));
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const isQuery = (span: ReceivedSpan) =>
  span.name.startsWith('pg.query') ||
  span.attributes['db.system'] === 'postgresql' ||
  span.attributes['db.system.name'] === 'postgresql';

const portOf = (span: ReceivedSpan) =>
  Number(span.attributes['server.port'] ?? span.attributes['net.peer.port'] ?? 0);

const pathOf = (span: ReceivedSpan) =>
  String(span.attributes['url.path'] ?? span.attributes['http.target'] ?? '');

const postgresUrl = inject('postgresUrl');

describe.skipIf(!postgresUrl)('traces', () => {
  it('holds a download, its queries and its call to the bucket in one trace', {
    timeout: 180_000,
  }, async () => {
    const collector = await startOtlpReceiver();
    cleanups.push(collector.close);
    const folder = await mkdtemp(path.join(tmpdir(), 'adlane-traces-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const s3 = await startLocalS3(folder, BUCKET);
    cleanups.push(async () => {
      await s3.close();
    });
    const s3Port = Number(new URL(s3.endpoint).port);
    const database = await postgresDatabase(postgresUrl ?? '', 'traces', POSTGRES_TEMPLATE_DB);
    cleanups.push(database.drop);

    const server = await spawnServer({
      DATABASE_URL: database.url,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
      OTEL_BSP_SCHEDULE_DELAY: BATCH_MS,
      OTEL_SERVICE_NAME: 'adlane-traces-test',
    });
    running.push(server);
    await server.ready;
    expect((await fetch(`${server.baseURL}/readyz`)).status).toBe(200);

    // A file of the customer's company, in the bucket.
    const customer = await signUp(server.baseURL, 'traces');
    const [user] = await database.query<{ company_id: number }>(
      `SELECT company_id FROM users WHERE email = '${customer.email}'`,
    );
    const id = randomUUID();
    const bytes = Buffer.from('%PDF-1.7 the bytes of an ad');
    await database.query(
      `INSERT INTO ad_files (id, company_id, name, declared_type, size, status)
       VALUES ('${id}', ${user?.company_id}, 'proof.pdf', 'application/pdf', ${bytes.length}, 'passed')`,
    );
    const bucket = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await bucket.send(new PutObjectCommand({ Bucket: BUCKET, Key: id, Body: bytes }));
    bucket.destroy();

    const download = `/api/v1/files/${id}/download`;
    const answer = await fetch(`${server.baseURL}${download}`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);

    const trace = await collector.until((spans) => {
      const request = spans.find((span) => span.kind === SPAN_KIND.server && pathOf(span) === download);
      if (!request) return null;
      const inTrace = spans.filter((span) => span.traceId === request.traceId);
      const queries = inTrace.filter(isQuery);
      const calls = inTrace.filter((span) => span.kind === SPAN_KIND.client && portOf(span) === s3Port);
      return queries.length > 0 && calls.length > 0 ? { request, queries, calls } : null;
    }, 30_000);
    expect(trace.request.parentSpanId).toBe('');
    expect(trace.queries.length).toBeGreaterThan(0);
    expect(trace.calls.length).toBeGreaterThan(0);
    // The probe asked before is in no trace.
    expect(collector.spans().filter((span) => pathOf(span) === '/readyz')).toEqual([]);
  });
});

describe('traces of the production bundle', () => {
  it('are sent when its server process stops, however long their batch would have waited', {
    timeout: 180_000,
  }, async () => {
    const collector = await startOtlpReceiver();
    cleanups.push(collector.close);
    // A build of this test's own inside the checkout (the bundle imports its node_modules).
    const staticDir = path.resolve(import.meta.dirname, '../..', '.tmp', `traces-bundle-${process.pid}`);
    cleanups.push(() => rm(staticDir, { recursive: true, force: true }));
    const { outdir } = await buildServer(staticDir);
    const folder = await pgliteFolder(inject('pgliteTemplate'));
    cleanups.push(async () => folder.remove());

    const server = await spawnServer(
      {
        DATA_DIR: folder.dataDir,
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
        // Far longer than the test: only the stop's flush can send the span.
        OTEL_BSP_SCHEDULE_DELAY: '600000',
        OTEL_SERVICE_NAME: 'adlane-traces-bundle',
      },
      `${outdir}/main.js`,
    );
    running.push(server);
    await server.ready;
    const asked = '/api/v1/media/search';
    // A secret a link carries in its query string (an outbox key, a reset code) never reaches the collector.
    const answer = await fetch(`${server.baseURL}${asked}?key=sekrit-outbox-key&resetcode=sekrit-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(200);
    expect((await server.stop()).code).toBe(0);
    running.splice(running.indexOf(server), 1);

    const request = collector
      .spans()
      .find((span) => span.kind === SPAN_KIND.server && pathOf(span) === asked);
    expect(request?.name).toBeTruthy();
    expect(JSON.stringify(collector.spans())).not.toContain('sekrit');
    expect(JSON.stringify(request?.attributes)).toContain('REDACTED');
  });
});
