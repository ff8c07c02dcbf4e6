import { readFileSync } from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { pgSchema, serial } from 'drizzle-orm/pg-core';
import type { CatalogueIndex } from '../catalogue/index';
import { type Db, migrationsFolder } from '../db/client';
import type { Session } from '../db/session';
import type { Jobs } from '../jobs/queue';
import { type Probe, Readiness } from './readiness';

/** Where drizzle's migrator records the migrations it applied (its defaults). */
const applied = pgSchema('drizzle').table('__drizzle_migrations', { id: serial('id').primaryKey() });

/** The migrations this build brings (drizzle-kit's journal beside them). */
function migrationsInBuild(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * The database answers a query now. On PostgreSQL it is asked on the process's session connection,
 * not through the request pool: a process whose pool is busy at a peak is slow, not unready, and a
 * load balancer must not take every replica out at once for it.
 */
const databaseProbe =
  (db: Db, session: Pick<Session, 'query'> | null = null): Probe =>
  async () => {
    try {
      await (session ? session.query('select 1') : db.execute(sql`select 1`));
      return { ok: true };
    } catch {
      return { ok: false, detail: 'The database does not answer.' };
    }
  };

/**
 * The database has every migration of this build (a process of a newer build started beside an
 * older database waits for the one that migrates it). Once true it stays true: migrations are never
 * taken back.
 */
function migrationsProbe(db: Db, wanted = migrationsInBuild()): Probe {
  let done = false;
  return async () => {
    if (done) return { ok: true };
    try {
      const [row] = await db.select({ n: count() }).from(applied);
      done = (row?.n ?? 0) >= wanted;
      return done
        ? { ok: true }
        : { ok: false, detail: `The database has ${row?.n ?? 0} of this build's ${wanted} migrations.` };
    } catch {
      return { ok: false, detail: 'The applied migrations could not be read.' };
    }
  };
}

const searchIndexProbe =
  (catalogue: Pick<CatalogueIndex, 'size'>): Probe =>
  () =>
    catalogue.size > 0 ? { ok: true } : { ok: false, detail: 'The search index holds no placements.' };

const jobsProbe =
  (jobs: Pick<Jobs, 'ready'>): Probe =>
  () =>
    jobs.ready() ? { ok: true } : { ok: false, detail: 'The job queue is not running.' };

/** The readiness of a server process: its database, migrations, search index and jobs, and whether it drains. */
export function serverReadiness(deps: {
  db: Db;
  /** PostgreSQL's session connection of the process (server/db/session.ts), for the database's probe. */
  session?: Pick<Session, 'query'> | null;
  catalogue: Pick<CatalogueIndex, 'size'>;
  jobs?: Pick<Jobs, 'ready'>;
}): Readiness {
  return new Readiness({
    database: databaseProbe(deps.db, deps.session),
    migrations: migrationsProbe(deps.db),
    searchIndex: searchIndexProbe(deps.catalogue),
    ...(deps.jobs ? { jobs: jobsProbe(deps.jobs) } : {}),
  });
}
