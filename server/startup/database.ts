import type { ServerConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { syncContent } from '../db/seed/content';
import { isSeeded, seed } from '../db/seed/index';
import { syncOrderRuns } from '../db/seed/orderRuns';
import { syncOrderTerms } from '../db/seed/orderTerms';
import { syncSchedules } from '../db/seed/schedules';
import type { Logger } from '../log';

/** "PostgreSQL (DATABASE_URL)" or "PGlite in /srv/adlane/.data/pglite", for the lines that say where. */
export const databaseName = (config: ServerConfig) =>
  config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;

/**
 * Opens the database and, on a first start, brings it up to the code: seeds an empty one, gives old
 * rows what later versions keep (schedule rules, run dates) and writes the content of the seed files.
 * A server process that replaces another (`firstStart` false) finds all that done.
 */
export async function openServerDatabase(
  config: ServerConfig,
  logger: Logger,
  options: { firstStart: boolean; quietTakeOver: (message: string) => boolean },
): Promise<Database> {
  const database = await openDatabase(config, logger);
  if (database.tookOver && !options.quietTakeOver(database.tookOver)) logger.info(database.tookOver);
  if (!options.firstStart) return database;
  if (!config.databaseUrl && config.databaseReplicaUrls.length > 0)
    logger.warn(
      'DATABASE_REPLICA_URLS is ignored on the embedded database: read replicas are of a PostgreSQL primary (DATABASE_URL).',
    );
  // Replicas starting together on one PostgreSQL seed it one at a time (so once).
  const startedAlone = await database.holdStartupLock();
  const where = databaseName(config);
  if (!(await isSeeded(database.db))) {
    logger.info(`Seeding the catalogue into ${where}...`);
    const counts = await seed(database.db);
    logger.info(
      `Seeded ${counts.markets} markets, ${counts.zips} zip codes, ${counts.media} placements, ${counts.companies} companies.`,
    );
  }
  // A database seeded before placements kept schedule rules gets the seed's rules, once.
  const scheduled = await syncSchedules(database.db);
  if (scheduled) logger.info(`Gave ${scheduled} placements the seed's schedule rules.`);
  // Orders placed before orders kept their runs' dates get them, once (their status follows from them).
  const dated = await syncOrderTerms(database.db);
  if (dated) logger.info(`Gave ${dated} orders the dates of their runs and their price lines.`);
  // Orders placed before order_runs (issue 31) get their runs kept, once.
  const kept = await syncOrderRuns(database.db);
  if (kept) logger.info(`Kept the runs of ${kept} orders placed before runs were kept.`);
  // Quiet when the stored content already is the seed's, which is every start but the first after a
  // content change.
  const content = await syncContent(database.db);
  if (content)
    logger.info(
      `Wrote the content from the seed files: ${content.specSheets} spec sheets, ${content.categories} categories, ${content.articles} articles.`,
    );
  await startedAlone();
  return database;
}
