import type { Database } from '../db/client';
import type { Logger } from '../log';
import type { CatalogueIndex } from './index';

/** Where the catalogue's trigger says it changed, with its new version (migration 0020). */
export const CATALOGUE_CHANNEL = 'adlane_catalogue';
/** A back-office import writes many statements: one reload for them all, not one each. */
const GATHER_MS = 250;
/** A reading that failed (the database away for a moment) is tried again after 1 s, 2 s… at most 30 s. */
const RETRY_FIRST_MS = 1_000;
const RETRY_LAST_MS = 30_000;

export interface CatalogueWatchDeps {
  listen: Database['listen'];
  index: Pick<CatalogueIndex, 'reload'>;
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
 * the session was lost (its notifications with it), the version is compared once; a reading that
 * failed is tried again, backing off, until one succeeds.
 */
export async function watchCatalogue(deps: CatalogueWatchDeps): Promise<CatalogueWatch> {
  const { index, logger } = deps;
  let loaded = deps.version;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let reading: Promise<void> | null = null;
  let again = false;
  let retryMs = RETRY_FIRST_MS;

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
      .then(
        () => {
          retryMs = RETRY_FIRST_MS;
        },
        (error: unknown) => {
          // Until it is read, this process would answer from the catalogue as it was: try again.
          logger.error(
            { err: error },
            `The changed catalogue could not be read: trying again in ${retryMs / 1000} s.`,
          );
          if (!closed && !timer) timer = setTimeout(read, retryMs);
          retryMs = Math.min(retryMs * 2, RETRY_LAST_MS);
        },
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
