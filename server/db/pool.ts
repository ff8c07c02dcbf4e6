import pg from 'pg';
import type { Logger } from '../log';
import { type QueryObservers, timePgClient } from './queryTiming';

/** How full one connection pool is (the metrics' pool gauges). */
export interface PoolStats {
  /** `primary`, or `replica1`, `replica2`… in the order of DATABASE_REPLICA_URLS. */
  name: string;
  max: number;
  /** Connections open, idle or busy. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface OpenedPool {
  pool: pg.Pool;
  stats(): PoolStats;
  /** Resolves once every connection has really closed (`pool.end()` resolves before they have). */
  close(): Promise<void>;
}

const CLOSE_WAIT_MS = 5_000;

/**
 * A connection pool to one PostgreSQL server, its queries timed. An idle connection that fails (a
 * database restart) is dropped and logged rather than crashing the process. `applicationName` tells
 * the pools apart in `pg_stat_activity` (a connection string's own `application_name` wins).
 */
export function openPool(
  url: string,
  options: {
    name: string;
    max: number;
    applicationName: string;
    observers: QueryObservers;
    /** Where a failed idle connection is said (the server's logger, which redacts secrets). */
    logger?: Pick<Logger, 'warn'>;
  },
): OpenedPool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    application_name: options.applicationName,
  });
  let connections = 0;
  let drained: (() => void) | null = null;
  pool.on('connect', (client) => {
    connections += 1;
    timePgClient(client, options.observers);
  });
  pool.on('remove', () => {
    connections -= 1;
    if (connections <= 0) drained?.();
  });
  pool.on('error', (error) => {
    if (!pool.ending)
      options.logger?.warn(
        { err: error, pool: options.name },
        'An idle PostgreSQL connection failed: it is dropped.',
      );
  });
  const close = async () => {
    const allClosed = new Promise<void>((resolve) => {
      drained = resolve;
    });
    await pool.end();
    if (connections > 0) {
      let timer: NodeJS.Timeout | undefined;
      const giveUp = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CLOSE_WAIT_MS);
      });
      await Promise.race([allClosed, giveUp]);
      clearTimeout(timer);
    }
  };
  const stats = (): PoolStats => ({
    name: options.name,
    max: options.max,
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  });
  return { pool, stats, close };
}
