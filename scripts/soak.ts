/**
 * `npm run soak`: the server as `npm start` runs it (a supervisor, its server processes and a spare),
 * given a realistic mix for minutes while two of its server processes are killed with SIGKILL (issue
 * 27, point 10): pages and static files, the shop's search, placements, quotes and availability, the
 * header's search, sign-ups and sign-ins, carts and checkouts (orders and invoices), tus uploads of
 * small real images (some resumed, some abandoned), downloads by clients that close early or read
 * slowly, invoice PDFs. Then it stops the server and looks for every write it acknowledged (accounts,
 * carts, orders, files with their bytes) in the database. It prints the requests, the error rate apart
 * from the requests lost to a kill, p50 and p99 overall and per kind, how soon the server answered
 * again after each kill, the restarts, the peak memory and any 5xx; and exits 1 on a lost write, a
 * 5xx, an error rate over 0.1 % or a server not serving again within 2 s of a kill.
 *
 * Options:
 *   --minutes 5          how long each run lasts
 *   --database both      pglite, postgres or both (PostgreSQL: a temporary server from Debian's
 *                        binaries, `PG_BIN` elsewhere, with WEB_CONCURRENCY=2)
 *   --clients 16         clients sending at once
 *   --kills 2            SIGKILLs per run, spread over it, each once a spare is ready to take over
 * The built site in `dist` is served when there is one (else the API only, and the report says so).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pgliteTemplate } from '../tests/support/pgliteTemplate';
import { findPostgresBin, startTempPostgres, type TempPostgres } from '../tests/support/postgres';
import { type SoakDatabase, soakOnPglite, soakOnPostgres } from '../tests/support/soak/databases';
import { formatSummary } from '../tests/support/soak/format';
import { summarize } from '../tests/support/soak/report';
import { runSoak } from '../tests/support/soak/run';

const option = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};

function count(name: string, fallback: number, least: number): number {
  const value = Number(option(name) ?? fallback);
  if (!Number.isFinite(value) || value < least) {
    console.error(`--${name} takes a number of at least ${least}, got "${option(name)}".`);
    process.exit(2);
  }
  return value;
}

const minutes = count('minutes', 5, 0.1);
const clients = Math.round(count('clients', 16, 1));
const kills = Math.round(count('kills', 2, 0));
const which = option('database') ?? 'both';
if (!['pglite', 'postgres', 'both'].includes(which)) {
  console.error(`--database is pglite, postgres or both, got "${which}".`);
  process.exit(2);
}

const built = path.resolve('dist');
const staticDir = existsSync(path.join(built, 'index.html')) ? built : null;

let postgres: TempPostgres | null = null;
let database: SoakDatabase | null = null;
const cleanUp = async () => {
  await database?.remove().catch(() => {});
  postgres?.stop();
};
// Ctrl-C reaches the server too (it stops itself); the temporary PostgreSQL is this script's to stop.
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

async function soakOn(name: 'pglite' | 'postgres'): Promise<string[] | null> {
  if (name === 'pglite') database = await soakOnPglite(await pgliteTemplate());
  else {
    const bin = findPostgresBin();
    if (!bin) {
      console.log(
        '\nPostgreSQL server binaries were not found (apt-get install postgresql, or set PG_BIN): no soak on PostgreSQL.',
      );
      return null;
    }
    postgres = await startTempPostgres(bin);
    database = await soakOnPostgres(postgres.url('postgres'));
  }
  try {
    const run = await runSoak({
      database,
      seconds: minutes * 60,
      clients,
      kills,
      staticDir,
      progress: (line) => console.log(line),
    });
    const summary = summarize(run);
    console.log(formatSummary(summary));
    return summary.problems;
  } finally {
    await cleanUp();
    database = null;
    postgres = null;
  }
}

async function main() {
  const names = which === 'both' ? (['pglite', 'postgres'] as const) : ([which] as ('pglite' | 'postgres')[]);
  let failed = false;
  for (const name of names) {
    const problems = await soakOn(name);
    if (problems && problems.length > 0) failed = true;
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch(async (error: unknown) => {
  console.error(error);
  await cleanUp();
  process.exit(1);
});
