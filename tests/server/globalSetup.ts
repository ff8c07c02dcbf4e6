import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../server/db/client';
import { syncContent } from '../../server/db/seed/content';
import { seed } from '../../server/db/seed/index';
import { pgliteTemplate } from '../support/pgliteTemplate';
import { findPostgresBin, startTempPostgres, type TempPostgres } from '../support/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** URL of a server whose `adlane_template` database is migrated and seeded, or null. */
    postgresUrl: string | null;
  }
}

export const POSTGRES_TEMPLATE_DB = 'adlane_template';

/**
 * Prepares the databases the server tests run against: a PGlite template always, and a real
 * PostgreSQL server from Debian's binaries when they are installed (so the DATABASE_URL path and the
 * shared migrations are tested on the real thing, not only on PGlite).
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', await pgliteTemplate());

  const bin = findPostgresBin();
  let server: TempPostgres | null = null;
  if (!bin) {
    console.warn(
      '\n[server tests] PostgreSQL server binaries were not found (apt-get install postgresql, or set PG_BIN):\n' +
        '  the server tests run on PGlite only this time.\n',
    );
    project.provide('postgresUrl', null);
  } else {
    server = await startTempPostgres(bin);
    const admin = new pg.Client({ connectionString: server.url('postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${POSTGRES_TEMPLATE_DB}`);
    await admin.end();
    const database = await openPostgres(server.url(POSTGRES_TEMPLATE_DB), { poolMax: 2 });
    await seed(database.db);
    await syncContent(database.db);
    await database.close();
    project.provide('postgresUrl', server.url('postgres'));
    console.log(
      `[server tests] PostgreSQL from ${bin} on port ${server.port}: tests run on PGlite and PostgreSQL.`,
    );
  }

  return () => server?.stop();
}
