import { serve } from '@hono/node-server';
import { createApp } from './app';
import { CatalogueIndex } from './catalogue/index';
import { readServerConfig } from './config';
import { openDatabase } from './db/client';
import { syncContent } from './db/seed/content';
import { isSeeded, seed } from './db/seed/index';
import { syncSchedules } from './db/seed/schedules';
import { hasStaticSite, loadStaticSite } from './static';

/**
 * Reads the configuration, opens (and on first start seeds) the database, brings its content up to the
 * seed files, serves the API and the SPA.
 */
async function main() {
  const config = readServerConfig();
  const started = performance.now();
  const database = await openDatabase(config);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  if (!(await isSeeded(database.db))) {
    console.log(`Seeding the catalogue into ${where}...`);
    const counts = await seed(database.db);
    console.log(
      `Seeded ${counts.markets} markets, ${counts.zips} zip codes, ${counts.media} placements, ${counts.companies} companies.`,
    );
  }
  // A database seeded before placements kept schedule rules gets the seed's rules, once.
  const scheduled = await syncSchedules(database.db);
  if (scheduled) console.log(`Gave ${scheduled} placements the seed's schedule rules.`);
  // Quiet when the stored content already is the seed's, which is every start but the first after a
  // content change.
  const content = await syncContent(database.db);
  if (content)
    console.log(
      `Wrote the content from the seed files: ${content.specSheets} spec sheets, ${content.categories} categories, ${content.articles} articles.`,
    );
  // Without a build the process still serves the API (the SPA may be on a CDN, or not built yet).
  const site = hasStaticSite(config.staticDir) ? loadStaticSite(config.staticDir) : undefined;
  if (!site)
    console.warn(
      `No built app in ${config.staticDir}: serving the API only. Run \`npm run build\` for the storefront.`,
    );
  const catalogue = await CatalogueIndex.load(database.db);
  const app = createApp({ db: database.db, config, catalogue, site });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const ms = Math.round(performance.now() - started);
    console.log(`Adlane is ready at http://localhost:${info.port} (database: ${where}; started in ${ms} ms)`);
  });

  const shutdown = () => {
    server.close(() => {
      void database.close().finally(() => process.exit(0));
    });
    // Keep-alive connections can hold close() open; don't wait for them forever.
    setTimeout(() => process.exit(0), 3_000).unref();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
