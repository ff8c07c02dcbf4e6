import { createApp } from './app';
import { BackgroundWork } from './background';
import { CatalogueIndex } from './catalogue/index';
import { readServerConfig } from './config';
import { openDatabase } from './db/client';
import { syncContent } from './db/seed/content';
import { isSeeded, seed } from './db/seed/index';
import { syncOrderTerms } from './db/seed/orderTerms';
import { syncSchedules } from './db/seed/schedules';
import { startFileChecks } from './files/checkQueue';
import { startReminderWorker } from './files/reminders';
import { openUploadStorage } from './files/storage';
import { answerMalformedRequests } from './http/clientErrors';
import { HttpService, SHUTDOWN_GRACE_MS, settledWithin } from './lifecycle';
import { createLogger } from './log';
import { startOutboxWorker } from './mail/outboxWorker';
import { loadPageRenderer } from './ssr/pageRenderer';
import { hasStaticSite, loadStaticSite } from './static';

/** The process's log: JSON lines on standard output (LOG_LEVEL), the app's access and error lines too. */
const logger = createLogger();

/**
 * Reads the configuration, opens (and on first start seeds) the database, brings its content up to the
 * seed files, serves the API and the SPA until SIGTERM or SIGINT, then stops without dropping a request.
 */
async function main() {
  const config = readServerConfig();
  const started = performance.now();
  const database = await openDatabase(config);
  if (database.tookOver) logger.info(database.tookOver);
  // Replicas starting together on one PostgreSQL seed it one at a time (so once).
  const startedAlone = await database.holdStartupLock();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
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
  // Quiet when the stored content already is the seed's, which is every start but the first after a
  // content change.
  const content = await syncContent(database.db);
  if (content)
    logger.info(
      `Wrote the content from the seed files: ${content.specSheets} spec sheets, ${content.categories} categories, ${content.articles} articles.`,
    );
  await startedAlone();
  // Without a build the process still serves the API (the SPA may be on a CDN, or not built yet).
  const site = hasStaticSite(config.staticDir) ? loadStaticSite(config.staticDir) : undefined;
  if (!site)
    logger.warn(
      `No built app in ${config.staticDir}: serving the API only. Run \`npm run build\` for the storefront.`,
    );
  const catalogue = await CatalogueIndex.load(database.db);
  const background = new BackgroundWork((error) => logger.error({ err: error }, 'after-answer work failed'));
  const storage = await openUploadStorage(config);
  const renderPage = site
    ? await loadPageRenderer(config.staticDir, (error) =>
        logger.error(
          { err: error },
          'The build’s server entry could not be loaded: pages are drawn in the browser.',
        ),
      )
    : null;
  const app = createApp({
    db: database.db,
    config,
    catalogue,
    site,
    background,
    logger,
    storage,
    renderPage,
  });
  // Files a stopped server was still checking are checked again, on the queue new files take.
  startFileChecks({ db: database.db, storage, clock: () => new Date(), logger });
  const service = new HttpService(app.fetch, { hostname: config.host });
  // E-mails the sender could not deliver are tried again in rounds (only when SMTP_URL is set).
  const outboxWorker = startOutboxWorker({ db: database.db, config, clock: () => new Date() }, (error) =>
    logger.error({ err: error }, 'an outbox round failed'),
  );
  // Runs with no approved ad get reminders 7 and 2 days before their ad is due.
  const reminderWorker = startReminderWorker({ db: database.db, config, clock: () => new Date() }, (error) =>
    logger.error({ err: error }, 'an ad reminder round failed'),
  );
  const server = service.listen({ port: config.port, hostname: config.host }, (info) => {
    const ms = Math.round(performance.now() - started);
    logger.info(`Adlane is ready at http://localhost:${info.port} (database: ${where}; started in ${ms} ms)`);
    if (config.outboxKey)
      console.log(`Outbox: http://localhost:${info.port}/dev/outbox?key=${config.outboxKey}`);
  });

  answerMalformedRequests(server, logger);

  server.on('error', (error: NodeJS.ErrnoException) => {
    logger.fatal(
      error.code === 'EADDRINUSE'
        ? `Port ${config.port} is taken by another program: stop it, or set PORT to another port.`
        : error.message,
    );
    void database.close().finally(() => process.exit(1));
  });

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    // npm passes a Ctrl-C on to the process the terminal sent it to already: one stop is enough.
    if (stopping) return;
    stopping = true;
    const seconds = SHUTDOWN_GRACE_MS / 1000;
    const deadline = Date.now() + SHUTDOWN_GRACE_MS;
    const stopped = service.stop(SHUTDOWN_GRACE_MS);
    await service.stopListening();
    logger.info(
      `${signal}: stopping. Accepting no new connections, answering the ${service.inFlight} requests in flight (up to ${seconds} s).`,
    );
    setTimeout(() => {
      logger.fatal(`Still not stopped ${seconds + 10} s after ${signal}: exiting anyway.`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 10_000).unref();
    const { cut } = await stopped;
    if (cut > 0)
      logger.warn(`Closed ${cut} connections whose requests were still unanswered after ${seconds} s.`);
    if (!(await settledWithin(background, Math.max(1_000, deadline - Date.now()))))
      logger.warn('E-mails and other work started by answers were still running: stopping without them.');
    // A mail it was sending when stopped stays leased, and is sent by the next server's worker.
    await Promise.race([
      Promise.all([outboxWorker.stop(), reminderWorker.stop()]),
      new Promise((resolve) => setTimeout(resolve, 1_000)),
    ]);
    await database.close();
    logger.info('Stopped.');
    process.exit(0);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    stop(signal).catch((error: unknown) => {
      logger.fatal({ err: error }, 'The server could not stop cleanly.');
      process.exit(1);
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

main().catch((error: unknown) => {
  logger.fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
