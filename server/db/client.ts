import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

/** The one data-access type the routes see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Opens an embedded PGlite database (a folder, an in-memory one, or a ready instance) and migrates it. */
export async function openPglite(source: { dataDir?: string; instance?: PGlite } = {}): Promise<Database> {
  if (source.dataDir) mkdirSync(source.dataDir, { recursive: true });
  const client = source.instance ?? (await PGlite.create(source.dataDir ? { dataDir: source.dataDir } : {}));
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db, driver: 'pglite', close: () => client.close() };
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
  await migratePg(db, { migrationsFolder });
  return { db, driver: 'postgres', close };
}

export function openDatabase(config: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite({ dataDir: config.dataDir });
}
