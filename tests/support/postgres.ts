import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { getFreePort } from './ports';

/** The folder of PostgreSQL's server programs: `PG_BIN`, or Debian's /usr/lib/postgresql/<version>/bin. */
export function findPostgresBin(): string | null {
  if (process.env.PG_BIN)
    return existsSync(path.join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

export interface TempPostgres {
  port: number;
  url(database: string): string;
  stop(): void;
}

/**
 * Starts a throw-away PostgreSQL server on a free loopback port in a temporary folder. PostgreSQL
 * refuses to run as root, so as root the programs run as the `postgres` user, who owns the folder.
 */
export async function startTempPostgres(bin: string): Promise<TempPostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'adlane-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const run = (program: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, program), args, { stdio: 'pipe' });

  const port = await getFreePort();
  run('initdb', [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);

  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Runs `work` on a connection of its own to a database of the server at `serverUrl` (`…/postgres`). */
export async function onDatabase<T>(
  serverUrl: string,
  database: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl.replace(/\/postgres$/, `/${database}`) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the server at `serverUrl`, for a test's own server processes: empty, or a copy of
 * `template` (a seeded one spares the server its seeding).
 */
export async function postgresDatabase(serverUrl: string, tag: string, template?: string) {
  const name = `${tag}_${randomBytes(6).toString('hex')}`;
  const copy = template ? ` TEMPLATE ${template}` : '';
  await onDatabase(serverUrl, 'postgres', (client) => client.query(`CREATE DATABASE ${name}${copy}`));
  return {
    name,
    url: serverUrl.replace(/\/postgres$/, `/${name}`),
    query: <T extends pg.QueryResultRow>(text: string) =>
      onDatabase(serverUrl, name, async (client) => (await client.query<T>(text)).rows),
    drop: async () => {
      await onDatabase(serverUrl, 'postgres', (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}
