import type { Database } from '../db/client';
import type { Logger } from '../log';
import type { CatalogueIndex } from './index';

/** Where the catalogue's trigger says it changed, with its new version (migration 0020). */
export const CATALOGUE_CHANNEL = 'adlane_catalogue';
/** A back-office import writes many statements: one reload for them all, not one each. */
const GATHER_MS = 250;

export interface CatalogueWatchDeps {
  listen: Database['listen'];
  index: CatalogueIndex;
  /** The version the index was built from. */
  version: number;
  /** The catalogue's version now, read where the index reads its rows (the primary). */
  versionOf: () => Promise<number>;
  logger: Logger;
  /** Told each reading's version and its time in seconds (the metrics, the snapshot's refresh). */
  onReloaded?: (version: number, seconds: number) => void;
}

export interface CatalogueWatch {
  /** The catalogue's version the index holds. */
  version(): number;
  close(): Promise<void>;
}

/**
 * Keeps a process's catalogue index (shop search, site search, markets, schedules) the catalogue's,
 * whichever process or tool changed it: every change is notified at its commit, and the index is
 * read again a moment later, one reading at a time (changes heard during one make one more). After
 * the session was lost (its notifications with it), the version is compared once.
 */
export async function watchCatalogue(deps: CatalogueWatchDeps): Promise<CatalogueWatch> {
  const { index, logger } = deps;
  let loaded = deps.version;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let reading: Promise<void> | null = null;
  let again = false;

  const reload = async () => {
    const version = await deps.versionOf();
    if (version <= loaded) return;
    const started = performance.now();
    await index.reload();
    loaded = version;
    const ms = performance.now() - started;
    logger.info(
      `The catalogue changed (version ${version}): search and placements read again in ${Math.round(ms)} ms.`,
    );
    deps.onReloaded?.(version, ms / 1000);
  };
  const read = () => {
    timer = undefined;
    if (reading) {
      again = true;
      return;
    }
    reading = reload()
      .catch((error: unknown) =>
        logger.error(
          { err: error },
          'The changed catalogue could not be read: it is read at the next change.',
        ),
      )
      .finally(() => {
        reading = null;
        if (again && !closed) {
          again = false;
          read();
        }
      });
  };
  const soon = () => {
    if (!timer && !closed) timer = setTimeout(read, GATHER_MS);
  };

  const subscription = await deps.listen(
    CATALOGUE_CHANNEL,
    (payload) => {
      if (!(Number(payload) <= loaded)) soon();
    },
    soon,
  );
  // A change between the index's reading and the LISTEN was heard by nobody.
  if ((await deps.versionOf()) > loaded) soon();

  return {
    version: () => loaded,
    async close() {
      closed = true;
      clearTimeout(timer);
      await subscription.close();
      await reading;
    },
  };
}
