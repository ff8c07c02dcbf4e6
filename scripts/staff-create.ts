/**
 * `npm run staff:create -- --email a@b.c --role production`: invites someone to the back office from
 * a shell and prints their join link (server/admin/staffCreate.ts). On the embedded database it runs
 * while the server is stopped (the folder's lock refuses it otherwise); on PostgreSQL beside it.
 */
import { parseArgs } from 'node:util';
import { createStaffFromShell } from '../server/admin/staffCreate';
import { readServerConfig } from '../server/config';
import { openDatabase } from '../server/db/client';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, role: { type: 'string' } },
    strict: false,
  });
  const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const config = readServerConfig();
  const database = await openDatabase(config);
  try {
    const made = await createStaffFromShell(
      database.db,
      config,
      { email: str(values.email), role: str(values.role) },
      new Date(),
    );
    // The link carries a one-time token: printed for the person running it, never logged.
    if (made.ok) console.log(made.line);
    else console.error(made.message);
    return made.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
