import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, withReplicas } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Logger } from '../log';
import { serverFile } from '../runtimeFiles';
import { type DataDirLock, lockDataDir } from './dataDirLock';
import { ownerSummary } from './lockVerdict';
import { pgliteAssets } from './pgliteAssets';
import { type OpenedPool, openPool, type PoolStats } from './pool';
import { type QueryObserver, QueryObservers, timePglite } from './queryTiming';
import * as schema from './schema';
import { openSession, type Session } from './session';

/** The one data-access type the routes see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction of the database, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a function takes that works on the database itself or inside a caller's transaction. */
export type DbOrTx = Db | Tx;

export type { PoolStats, QueryObserver };

export interface Database {
  /** The primary: every write, and every read that must see a write just made. */
  db: Db;
  /**
   * For reads that may be a little behind (`DATABASE_REPLICA_URLS`): its selects go to a read
   * replica, anything else to the primary. `db` itself without replicas, and on the embedded database.
   */
  readDb: Db;
  driver: 'pglite' | 'postgres';
  /** The embedded database itself (a job queue and notifications use it directly); null on PostgreSQL. */
  pglite: PGlite | null;
  /** The primary's connection string, for what opens connections of its own (a job queue); null on PGlite. */
  url: string | null;
  /** How full each connection pool is: the primary's, then each replica's; none on PGlite. */
  pools(): PoolStats[];
  /** Adds an observer told every query's time and whether it failed, on every pool. */
  onQuery(observe: QueryObserver): void;
  /**
   * Waits until no other process starting on this database is migrating or seeding it, and keeps
   * the others waiting until the function it resolves with is called: N replicas starting at once on
   * one PostgreSQL seed it once. (An embedded folder has one process anyway: its lock.)
   */
  holdStartupLock(): Promise<() => Promise<void>>;
  /** Said at start-up when the embedded folder was taken over from a server that was killed. */
  tookOver?: string;
  /**
   * Calls `onPayload` with each NOTIFY on `channel` (PostgreSQL: from any process, on the session
   * connection; PGlite: from this process, the only one), and `onReconnect` when the session came
   * back after a loss, during which notifications were missed.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect: () => void,
  ): Promise<{ close(): Promise<void> }>;
  /** PostgreSQL: the process's own connection for LISTEN and session locks (server/db/session.ts). */
  session: Session | null;
  close(): Promise<void>;
}

export const migrationsFolder = serverFile('db/migrations');

const alone = async () => async () => {};

/**
 * Opens an embedded PGlite database (a folder, an in-memory one, or a ready instance) and migrates it.
 * A folder is locked for this process first (server/db/dataDirLock.ts), until `close`.
 */
export async function openPglite(source: { dataDir?: string; instance?: PGlite } = {}): Promise<Database> {
  if (source.instance || !source.dataDir) return migratedPglite(source.instance ?? (await PGlite.create()));
  mkdirSync(source.dataDir, { recursive: true });
  const lock = await lockDataDir(source.dataDir);
  try {
    return await migratedPglite(await openFolder(source.dataDir), lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function openFolder(dataDir: string): Promise<PGlite> {
  try {
    return await PGlite.create({ dataDir, ...(await pgliteAssets()) });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The embedded database in ${dataDir} could not be opened (${reason}). If it is damaged (from before ` +
        'one server at a time was enforced, or a full disk), restore the folder from a copy, or move it ' +
        'aside and start again with a new, empty one.',
      { cause: error },
    );
  }
}

async function migratedPglite(client: PGlite, lock: DataDirLock | null = null): Promise<Database> {
  const observers = new QueryObservers();
  timePglite(client, observers);
  const db = drizzlePglite(client, { schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  const close = async () => {
    try {
      await client.close();
    } finally {
      lock?.release();
    }
  };
  const previous = lock?.tookOver;
  const tookOver = previous
    ? `Took over the embedded database in ${path.dirname(lock.file)} from ${
        previous.from ? ownerSummary(previous.from) : 'an unreadable lock'
      }: ${previous.reason}.`
    : undefined;
  const listen = async (channel: string, onPayload: (payload: string) => void) => {
    const unlisten = await client.listen(channel, onPayload);
    return { close: () => unlisten() };
  };
  return {
    db,
    readDb: db,
    driver: 'pglite',
    pglite: client,
    url: null,
    pools: () => [],
    onQuery: observers.add,
    holdStartupLock: alone,
    tookOver,
    listen,
    session: null,
    close,
  };
}

export interface PostgresOptions {
  /** Connections each pool (the primary's, each replica's) may open: `DATABASE_POOL_MAX`. */
  poolMax: number;
  /** Read replicas of the primary for `readDb` (`DATABASE_REPLICA_URLS`); none by default. */
  replicaUrls?: readonly string[];
  /** Where a pool's failed idle connection is said. */
  logger?: Pick<Logger, 'warn'>;
}

/**
 * Opens a PostgreSQL database through connection pools and migrates it: one pool to the primary, and
 * one to each read replica, which only `readDb`'s selects use. A replica is asked once here, so an
 * unreachable one stops the start with its address instead of failing reads later.
 */
export async function openPostgres(url: string, options: PostgresOptions): Promise<Database> {
  const observers = new QueryObservers();
  const session = openSession(url);
  const primary = openPool(url, {
    name: 'primary',
    max: options.poolMax,
    applicationName: 'adlane',
    observers,
    logger: options.logger,
  });
  const replicaUrls = options.replicaUrls ?? [];
  const replicas = replicaUrls.map((replicaUrl, index) =>
    openPool(replicaUrl, {
      name: `replica${index + 1}`,
      max: options.poolMax,
      applicationName: 'adlane-read',
      observers,
      logger: options.logger,
    }),
  );
  const pools = [primary, ...replicas];
  const close = async () => {
    await session.close();
    await Promise.all(pools.map((pool) => pool.close()));
  };
  const db = drizzlePg(primary.pool, { schema });
  const holdStartupLock = () => startupLock(url);
  try {
    const migrated = await holdStartupLock();
    try {
      await migratePg(db, { migrationsFolder });
    } finally {
      await migrated();
    }
    await Promise.all(replicas.map((replica, index) => reachReplica(replica, replicaUrls[index] ?? '')));
  } catch (error) {
    await close();
    throw error;
  }
  const [first, ...rest] = replicas.map((replica) => drizzlePg(replica.pool, { schema }));
  return {
    db,
    // Only reads that were handed readDb go to a replica: wrapping `db` would send every select
    // there, a token check just after the sign-in or a cart just after an add among them.
    readDb: first ? withReplicas(db, [first, ...rest]) : db,
    driver: 'postgres',
    pglite: null,
    url,
    pools: () => pools.map((pool) => pool.stats()),
    onQuery: observers.add,
    holdStartupLock,
    listen: session.listen,
    session,
    close,
  };
}

/** Asks a read replica once; its failure names the replica without the credentials of its address. */
async function reachReplica(replica: OpenedPool, url: string): Promise<void> {
  try {
    await replica.pool.query('select 1');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The read replica ${replica.stats().name} (${addressOf(url)}) of DATABASE_REPLICA_URLS could not be reached: ${reason}.`,
      { cause: error },
    );
  }
}

/** A connection string's host, port and database, never its user or password. */
function addressOf(url: string): string {
  try {
    const { host, pathname } = new URL(url);
    return `${host}${pathname}`;
  } catch {
    return 'an unreadable address';
  }
}

/** One key for every Adlane process on a database (`hashtext` of a fixed name). */
const STARTUP_LOCK = "hashtext('adlane.startup')";

/**
 * A session advisory lock on a connection of its own (not the pool's, which the locked work needs):
 * PostgreSQL frees it with the connection, so a process that dies holding it holds nothing.
 */
async function startupLock(url: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url });
  // A connection lost while it waits or holds the lock fails the query under way (or frees the lock
  // with it): an 'error' event with no listener would end the process instead.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(${STARTUP_LOCK})`);
  } catch (error) {
    await client.end();
    throw error;
  }
  return async () => {
    try {
      await client.query(`select pg_advisory_unlock(${STARTUP_LOCK})`);
    } finally {
      await client.end();
    }
  };
}

export function openDatabase(
  config: {
    databaseUrl: string | null;
    dataDir: string;
    databasePoolMax: number;
    databaseReplicaUrls: readonly string[];
  },
  logger?: Pick<Logger, 'warn'>,
): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, {
        poolMax: config.databasePoolMax,
        replicaUrls: config.databaseReplicaUrls,
        logger,
      })
    : openPglite({ dataDir: config.dataDir });
}
