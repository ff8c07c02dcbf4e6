import { CatalogueIndex, type CatalogueReader } from '../catalogue/index';
import {
  type CatalogueSnapshot,
  catalogueVersionOf,
  readSnapshot,
  readVersionedCatalogue,
  writeSnapshot,
} from '../catalogue/snapshot';
import type { ServerConfig } from '../config';
import { loadCatalogueRows } from '../data/catalogue';
import type { Db } from '../db/client';
import type { Logger } from '../log';

/** The catalogue's read models built ahead, and the version of the catalogue they were built from. */
export interface Prebuilt {
  index: CatalogueIndex;
  version: number;
}

/**
 * On the embedded database, what a spare server process builds before it may open the database (its
 * owner holds it): the catalogue's read models, from the snapshot the serving process left.
 */
export async function prebuildCatalogue(config: ServerConfig): Promise<Prebuilt | null> {
  if (config.databaseUrl) return null;
  const snapshot = await readSnapshot(config.dataDir);
  if (!snapshot) return null;
  return { index: await CatalogueIndex.from(async () => snapshot.rows), version: snapshot.version };
}

/**
 * The catalogue's read models for a server process that has opened the database, and the version
 * they hold: the ones built ahead when the catalogue has not changed since, else read now. On the
 * embedded database the snapshot the last process left gives the zip codes and markets while the
 * database's digest of them is the same (reading 42,000 zip codes from PGlite takes about 0.7 s, the
 * file 0.1 s; placements are read from the database whatever the snapshot holds), and the rows read
 * are left as the snapshot for the next spare and the next start (after the answer that needs them,
 * not before).
 */
export async function catalogueFor(
  db: Db,
  config: ServerConfig,
  prebuilt: Prebuilt | null,
  logger: Logger,
): Promise<Prebuilt> {
  const read: CatalogueReader = (held) => loadCatalogueRows(db, held);
  if (prebuilt && prebuilt.version === (await catalogueVersionOf(db))) {
    prebuilt.index.readFrom(read);
    return prebuilt;
  }
  const kept = config.databaseUrl ? null : await readSnapshot(config.dataDir);
  const { version, rows } = await readVersionedCatalogue(db, kept?.rows ?? null);
  const index = await CatalogueIndex.from(async () => rows);
  index.readFrom(read);
  if (!config.databaseUrl) {
    const snapshot: CatalogueSnapshot = { version, rows };
    setImmediate(() => {
      writeSnapshot(config.dataDir, snapshot).catch((error: unknown) =>
        logger.warn(
          { err: error },
          'The catalogue snapshot could not be written: a spare will read the database.',
        ),
      );
    });
  }
  return { index, version };
}
