import { count } from 'drizzle-orm';
import { Counter, Gauge } from 'prom-client';
import type { CatalogueIndex } from '../catalogue/index';
import type { Database, Db } from '../db/client';
import { outbox } from '../db/schema';
import type { Jobs } from '../jobs/queue';
import type { ServerMetrics } from './registry';

/** How busy the threads that check ad files are (piscina's figures). */
export interface PreflightLoad {
  /** Checks waiting for a thread. */
  queued: number;
  /** Share of the threads' time spent checking, 0 to 1. */
  utilization: number;
}

export interface OutboxCount {
  status: string;
  n: number;
}

/** The outbox's e-mails by status. */
export async function outboxByStatus(db: Db): Promise<OutboxCount[]> {
  return db.select({ status: outbox.status, n: count() }).from(outbox).groupBy(outbox.status);
}

export interface MetricSources {
  database: Pick<Database, 'driver' | 'pools' | 'onQuery'>;
  outbox: () => Promise<OutboxCount[]>;
  jobs: Pick<Jobs, 'counts' | 'attempts'>;
  catalogue: Pick<CatalogueIndex, 'size'>;
  /** The catalogue's version the process's index holds (its watcher's). */
  catalogueVersion?: () => number;
  preflight?: () => PreflightLoad;
}

/**
 * Figures read from the database are kept this long: every server process answers a scrape, and a
 * scraper may ask every few seconds, while a queue's depth or the outbox barely moves meanwhile.
 */
const DATABASE_FIGURES_MS = 10_000;

/** `read`, at most once per `ms` (the last figures in between; a read that fails keeps the last). */
function memo<T>(read: () => Promise<T>, empty: T, ms = DATABASE_FIGURES_MS): () => Promise<T> {
  let last = empty;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<T> | null = null;
  return async () => {
    if (performance.now() - readAt < ms) return last;
    reading ??= read()
      .then((value) => {
        last = value;
        readAt = performance.now();
        return value;
      })
      .catch(() => last)
      .finally(() => {
        reading = null;
      });
    return reading;
  };
}

const JOB_STATES = ['queued', 'deferred', 'active', 'failed', 'dead'] as const;

/**
 * The server's figures beside the requests: the database's pools and queries, the job queue by
 * kind, the file checks' threads, the outbox and the catalogue. Figures every process reads from
 * the same database (jobs, outbox) are aggregated by `max` across processes, not summed.
 */
export function collectServerMetrics(metrics: ServerMetrics, sources: MetricSources): void {
  const registers = [metrics.registry];
  const { database } = sources;

  new Gauge({
    name: 'adlane_db_pool_connections',
    help: 'Connections of each database pool, by state (total, idle, waiting for one).',
    labelNames: ['pool', 'state'],
    registers,
    collect() {
      this.reset();
      for (const pool of database.pools()) {
        this.set({ pool: pool.name, state: 'total' }, pool.total);
        this.set({ pool: pool.name, state: 'idle' }, pool.idle);
        this.set({ pool: pool.name, state: 'waiting' }, pool.waiting);
      }
    },
  });
  new Gauge({
    name: 'adlane_db_pool_max',
    help: 'The most connections each database pool opens.',
    labelNames: ['pool'],
    registers,
    collect() {
      this.reset();
      for (const pool of database.pools()) this.set({ pool: pool.name }, pool.max);
    },
  });
  database.onQuery((seconds, failed) => {
    metrics.querySeconds.observe({ driver: database.driver }, seconds);
    if (failed) metrics.queryFailures.inc({ driver: database.driver });
  });

  const jobCounts = memo(() => sources.jobs.counts(), []);
  new Gauge({
    name: 'adlane_jobs',
    help: 'Jobs in the queue, by kind and state (dead: given up, in the kind’s dead-letter queue).',
    labelNames: ['kind', 'state'],
    registers,
    aggregator: 'max',
    async collect() {
      const counts = await jobCounts();
      this.reset();
      for (const row of counts)
        for (const state of JOB_STATES) this.set({ kind: row.kind, state }, row[state]);
    },
  });
  const attempts = new Counter({
    name: 'adlane_job_attempts_total',
    help: 'Job attempts this process ran, by kind and outcome.',
    labelNames: ['kind', 'outcome'],
    registers,
  });
  sources.jobs.attempts.on((kind, outcome) => attempts.inc({ kind, outcome }));

  const { preflight } = sources;
  if (preflight) {
    new Gauge({
      name: 'adlane_preflight_queue',
      help: 'Ad file checks waiting for a thread.',
      registers,
      collect() {
        this.set(preflight().queued);
      },
    });
    new Gauge({
      name: 'adlane_preflight_utilization',
      help: 'Share of the file-checking threads’ time spent checking (0 to 1).',
      registers,
      aggregator: 'average',
      collect() {
        this.set(preflight().utilization);
      },
    });
  }

  const outboxCounts = memo(sources.outbox, []);
  new Gauge({
    name: 'adlane_outbox_messages',
    help: 'E-mails in the outbox, by status (kept, sending, sent, failed).',
    labelNames: ['status'],
    registers,
    aggregator: 'max',
    async collect() {
      const rows = await outboxCounts();
      this.reset();
      for (const row of rows) this.set({ status: row.status }, row.n);
    },
  });

  new Gauge({
    name: 'adlane_catalogue_placements',
    help: 'Placements in the catalogue this process searches.',
    registers,
    aggregator: 'min',
    collect() {
      this.set(sources.catalogue.size);
    },
  });

  const { catalogueVersion } = sources;
  if (catalogueVersion)
    new Gauge({
      name: 'adlane_catalogue_version',
      // The smallest across processes: a replica still behind a change shows.
      help: 'The catalogue version this process searches (the oldest of all processes when summed).',
      registers,
      aggregator: 'min',
      collect() {
        this.set(catalogueVersion());
      },
    });
}
