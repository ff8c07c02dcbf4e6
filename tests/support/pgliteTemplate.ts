import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../../server/db/client';
import { syncContent } from '../../server/db/seed/content';
import { seed } from '../../server/db/seed/index';

const CACHE_DIR = path.resolve('node_modules/.cache/adlane');

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir).sort()) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* sources(full);
    else yield full;
  }
}

/** A hash of everything that shapes the seeded database: schema, migrations, seed code and data. */
function databaseFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of [
    ...sources('server/db'),
    ...sources('server/geo'),
    'server/content/specSheets.ts',
    'server/content/articles.ts',
    'server/content/designHelp.ts',
    'contract/mediaTypes.ts',
    'contract/content.ts',
    'package-lock.json',
  ]) {
    hash.update(file).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated and seeded PGlite data directory as a gzipped tarball. Building one takes seconds, so
 * it is made once per change of the database code and reused by every test file (each test loads
 * its own copy, so tests never share state).
 */
export async function pgliteTemplate(): Promise<string> {
  const file = path.join(CACHE_DIR, `pglite-${databaseFingerprint()}.tar.gz`);
  if (existsSync(file)) return file;
  mkdirSync(CACHE_DIR, { recursive: true });
  const client = await PGlite.create();
  const database = await openPglite({ instance: client });
  await seed(database.db);
  await syncContent(database.db);
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

/** A fresh PGlite instance with its own copy of the template. */
export async function loadPgliteTemplate(file: string): Promise<PGlite> {
  return PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) });
}
