import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { eq } from 'drizzle-orm';
import { type CatalogueRows, loadCatalogueRows } from '../data/catalogue';
import type { Db } from '../db/client';
import { catalogueVersion } from '../db/schema';

/**
 * The catalogue's rows kept in a file beside the embedded database, with the version they were read
 * at. A server process waiting to take over (server/supervision) builds its read models from it
 * before it may open the database, so replacing a server that died costs opening the database, not
 * reading and indexing the whole catalogue again; the version tells it whether the file is still the
 * catalogue's. V8's format is Node's own: a file a Node upgrade cannot read is simply not used.
 */

export interface CatalogueSnapshot {
  version: number;
  rows: CatalogueRows;
}

const FILE = 'catalogue-snapshot.v8';

/** The catalogue's version now (moved on by a trigger with every write to placements, markets, zips). */
export async function catalogueVersionOf(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: catalogueVersion.version })
    .from(catalogueVersion)
    .where(eq(catalogueVersion.id, 1));
  return row?.version ?? 0;
}

export async function readSnapshot(dir: string): Promise<CatalogueSnapshot | null> {
  try {
    const snapshot = deserialize(await readFile(path.join(dir, FILE))) as Partial<CatalogueSnapshot>;
    return typeof snapshot.version === 'number' && snapshot.rows ? (snapshot as CatalogueSnapshot) : null;
  } catch {
    return null;
  }
}

/** This process's writes of the file, one after the other: they share its partial file's name. */
let writes: Promise<void> = Promise.resolve();

/**
 * Writes the file whole (a reader never sees half of it), and removes what a process killed while
 * writing one left behind. Only the process that owns the folder writes, and its writes (the one at
 * its start, a `catalogue.refresh` job) wait for each other.
 */
export function writeSnapshot(dir: string, snapshot: CatalogueSnapshot): Promise<void> {
  const write = writes.then(async () => {
    const file = path.join(dir, FILE);
    const partial = `${file}.${process.pid}.tmp`;
    for (const name of await readdir(dir))
      if (name.startsWith(`${FILE}.`) && name.endsWith('.tmp'))
        await rm(path.join(dir, name), { force: true });
    await writeFile(partial, serialize(snapshot));
    await rename(partial, file);
  });
  writes = write.catch(() => {});
  return write;
}

/**
 * The catalogue's rows and the version they are: read between two readings of the version, and again
 * if a write came between them. The zips and markets of `held` are kept if still the database's.
 */
export async function readVersionedCatalogue(
  db: Db,
  held: CatalogueRows | null = null,
): Promise<CatalogueSnapshot> {
  for (;;) {
    const version = await catalogueVersionOf(db);
    const rows = await loadCatalogueRows(db, held);
    if ((await catalogueVersionOf(db)) === version) return { version, rows };
  }
}

/**
 * The `catalogue.refresh` job on the embedded database: the snapshot beside it follows a change of
 * the catalogue, so the next process (a spare taking over, the next start) builds from rows of the
 * catalogue's version instead of reading the database again. Whether it wrote one.
 */
export async function refreshSnapshot(db: Db, dir: string): Promise<boolean> {
  const kept = await readSnapshot(dir);
  const version = await catalogueVersionOf(db);
  if (kept?.version === version) return false;
  await writeSnapshot(dir, await readVersionedCatalogue(db, kept?.rows ?? null));
  return true;
}
