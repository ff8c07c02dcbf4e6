import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverFile } from '../runtimeFiles';
import { type DataDirLock, lockDataDir } from './dataDirLock';
import { ownerSummary } from './lockVerdict';
import { pgliteAssets } from './pgliteAssets';
import * as schema from './schema';

/** The one data-access type the routes see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /**
   * Waits until no other process starting on this database is migrating or seeding it, and keeps
   * the others waiting until the function it resolves with is called: N replicas starting at once on
   * one PostgreSQL seed it once. (An embedded folder has one process anyway: its lock.)
   */
  holdStartupLock(): Promise<() => Promise<void>>;
  /** Said at start-up when the embedded folder was taken over from a server that was killed. */
  tookOver?: string;
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
  return { db, driver: 'pglite', holdStartupLock: alone, tookOver, close };
}

const CLOSE_WAIT_MS = 5_000;

/**
 * Opens a PostgreSQL database through a connection pool and migrates it. An idle connection that
 * fails (a database restart) is dropped and logged rather than crashing the process, and `close`
 * resolves once every connection has really closed (`pool.end()` resolves before they have).
 */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  let connections = 0;
  let drained: (() => void) | null = null;
  pool.on('connect', () => {
    connections += 1;
  });
  pool.on('remove', () => {
    connections -= 1;
    if (connections <= 0) drained?.();
  });
  pool.on('error', (error) => {
    if (!pool.ending) console.error('An idle PostgreSQL connection failed:', error.message);
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
  const db = drizzlePg(pool, { schema });
  const holdStartupLock = () => startupLock(url);
  const migrated = await holdStartupLock();
  try {
    await migratePg(db, { migrationsFolder });
  } finally {
    await migrated();
  }
  return { db, driver: 'postgres', holdStartupLock, close };
}

/** One key for every Adlane process on a database (`hashtext` of a fixed name). */
const STARTUP_LOCK = "hashtext('adlane.startup')";

/**
 * A session advisory lock on a connection of its own (not the pool's, which the locked work needs):
 * PostgreSQL frees it with the connection, so a process that dies holding it holds nothing.
 */
async function startupLock(url: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url });
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

export function openDatabase(config: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite({ dataDir: config.dataDir });
}
