import { staffSetupToken } from './admin/setup';
import { staffSetupLine } from './admin/setupLink';
import { createApp } from './app';
import { BackgroundWork } from './background';
import { watchCatalogue } from './catalogue/changes';
import { catalogueVersionOf } from './catalogue/snapshot';
import { readServerConfig } from './config';
import { containCrashes } from './crashes';
import type { Database } from './db/client';
import { pgliteAssets } from './db/pgliteAssets';
import { loadLand } from './directMail/land';
import { fileChecks } from './files/checkQueue';
import { ProcessUploadLocker } from './files/processLocker';
import { openUploadStorage } from './files/storage';
import { uploadLockerOf } from './files/uploadLocker';
import { serverReadiness } from './health/checks';
import { answerMalformedRequests } from './http/clientErrors';
import { HttpService } from './lifecycle';
import { createLogger } from './log';
import { collectServerMetrics, outboxByStatus } from './metrics/collectors';
import { expositionOf } from './metrics/exposition';
import { serveMetricsPort } from './metrics/port';
import { createMetrics } from './metrics/registry';
import { stripeKeySpace } from './payments/keySpace';
import { stripeGateway } from './payments/stripeClient';
import { processStop } from './processStop';
import { catalogueFor, prebuildCatalogue } from './startup/catalogue';
import { databaseName, openServerDatabase } from './startup/database';
import { serverJobQueue } from './startup/jobQueue';
import { loadBuiltSite } from './startup/site';
import { relayMetrics } from './supervision/metricsRelay';
import { FIRST_START_ENV, isSupervised, SPARE_ENV, SUPERVISOR_PID_ENV } from './supervision/protocol';
import { promotion, serveForSupervisor, tellSupervisor } from './supervision/workerSide';

/** The process's log: JSON lines on standard output (LOG_LEVEL), the app's access and error lines too. */
const logger = createLogger();

/** How long a server process that crashed goes on answering what it has before it exits. */
const CRASH_GRACE_MS = 1_000;
/** How long a server process serves before it starts its job queue (unless a job is sent sooner). */
const QUEUE_AFTER_MS = 2_000;

/**
 * Set once a process told to stop before it served is leaving: the queries of its start then fail on
 * the database it closed, which is the stop it was asked for, not a failure to report.
 */
let leaving = false;

/**
 * One server process: reads the configuration, opens (and on a first start seeds and brings up to
 * date) the database, and serves the API and the SPA, either on the connections its supervisor
 * (server/main.ts) hands it or, run alone, on a port of its own, until it is told to stop; then it
 * stops without dropping a request. A spare loads everything it may before it is given a place.
 */
async function main() {
  const config = readServerConfig();
  let started = performance.now();
  const supervised = isSupervised();
  const spare = supervised && process.env[SPARE_ENV] === '1';
  const firstStart = process.env[FIRST_START_ENV] !== '0';

  // Until it serves, nothing is in flight: a stop is an exit (after closing the database, if open).
  let opened: Database | null = null;
  const leave = () => {
    leaving = true;
    void (opened?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  };
  if (supervised) {
    // Ctrl-C reaches every process of the terminal's group: the supervisor decides for them all.
    process.on('SIGINT', () => {});
    process.on('SIGTERM', leave);
    process.once('disconnect', leave);
    // A supervisor that died while this process was loading its modules is gone already.
    if (!process.connected) leave();
  }

  // What needs no database: the built app and its page renderer, the file storage, and (a spare on
  // the embedded database) the catalogue's read models from the snapshot its owner left.
  const { site, renderPage } = await loadBuiltSite(config, firstStart, logger);
  const storage = await openUploadStorage(config);
  // The threads that check ad files load their own modules: started now, not when it starts serving.
  fileChecks();
  const prebuilt = spare ? await prebuildCatalogue(config) : null;
  // On the embedded database, what opening it needs before touching the folder (compiled at once).
  if (spare && !config.databaseUrl) await pgliteAssets();
  if (spare && !config.databaseUrl) {
    await promotion();
    started = performance.now();
  }

  const supervisorPid = process.env[SUPERVISOR_PID_ENV];
  const database = await openServerDatabase(config, logger, {
    firstStart,
    // A supervisor replacing its own server process says so itself.
    quietTakeOver: (message) => supervised && message.includes(`process ${supervisorPid} `),
  });
  opened = database;
  // Issue 31: on a first start with nobody enrolled in the back office, its setup link is printed.
  const staffSetup = firstStart ? await staffSetupToken(database.db) : null;
  const openedMs = Math.round(performance.now() - started);
  const { index: catalogue, version } = await catalogueFor(database.db, config, prebuilt, logger);
  logger.debug(
    `Database open ${openedMs} ms after the start, catalogue ${Math.round(performance.now() - started) - openedMs} ms later.`,
  );
  if (spare && config.databaseUrl) {
    await promotion();
    started = performance.now();
  }
  // Replicas agree (issue 29): a catalogue changed by any process is read again by every serving one
  // (a spare compares versions once promoted: it spends no CPU beside them before), and an upload's
  // lock is one for all the processes on a PostgreSQL.
  database.session?.onLost((error) =>
    logger.warn(
      { err: error },
      'The session connection to PostgreSQL was lost: connecting again; uploads in progress stop and resume.',
    ),
  );
  const sharedLocker = database.session ? uploadLockerOf(database.session) : null;
  const releaseRequests = await sharedLocker?.start();
  // The embedded database has one process: tus's own lock, which the sweeping job shares too.
  const uploadLocker = sharedLocker ?? new ProcessUploadLocker();

  // Issue 29, job queue: background work is jobs on the database, worked by every serving process.
  if (process.env.FILE_CHECKS_WAITING && firstStart)
    logger.warn('FILE_CHECKS_WAITING is no longer read: files wait for their checks in the job queue.');
  // Issue 30: one Stripe client for the process, its requests and its jobs.
  const payments = config.stripe ? stripeGateway(config.stripe, stripeKeySpace(database.db)) : null;
  if (firstStart)
    logger.info(
      { stripe: payments ? 'on' : 'off' },
      payments ? 'Card payments through Stripe.' : 'No card payments (STRIPE_* unset).',
    );
  const later = serverJobQueue({
    database,
    config,
    logger,
    storage,
    uploadLocker,
    payments,
    firstStart,
    onFailed: (error) => {
      logger.fatal({ err: error }, 'The job queue could not start: this server process stops.');
      tellSupervisor({ type: 'stopping', reason: 'its job queue could not start' });
      onStop('crash', CRASH_GRACE_MS);
    },
  });
  const { jobs } = later;

  // Health and metrics (issue 29): what /readyz reports, and what /metrics counts.
  const readiness = serverReadiness({ db: database.db, session: database.session, catalogue, jobs });
  const metrics = createMetrics();
  const catalogueWatch = await watchCatalogue({
    listen: database.listen,
    index: catalogue,
    version,
    versionOf: () => catalogueVersionOf(database.db),
    logger,
    onReloaded: (_version, seconds) => {
      metrics.catalogueReloadSeconds.observe(seconds);
      // The embedded database's next process starts from the snapshot: it follows the catalogue.
      if (!config.databaseUrl)
        jobs
          .send('catalogue.refresh', {})
          .catch((error: unknown) => logger.warn({ err: error }, 'the catalogue snapshot was not queued'));
    },
  });
  collectServerMetrics(metrics, {
    database,
    outbox: () => outboxByStatus(database.db),
    jobs,
    catalogue,
    catalogueVersion: catalogueWatch.version,
    preflight: () => fileChecks().load(),
  });
  // A scrape of any one process answers for them all: the supervisor sums every process's figures.
  const exposition = supervised
    ? relayMetrics(metrics.registry, tellSupervisor)
    : () => expositionOf(metrics.registry);
  // Run alone, the process serves METRICS_PORT itself (supervised, its supervisor does).
  const metricsPort =
    !supervised && config.metricsPort !== null
      ? await serveMetricsPort({
          port: config.metricsPort,
          host: config.host,
          token: config.metricsToken,
          exposition,
          logger,
        })
      : null;

  const background = new BackgroundWork((error) => logger.error({ err: error }, 'after-answer work failed'));
  const app = createApp({
    db: database.db,
    readDb: database.readDb,
    config,
    catalogue,
    site,
    background,
    logger,
    storage,
    renderPage,
    jobs,
    uploadLocker,
    readiness,
    metrics: { metrics, token: config.metricsToken, exposition },
    payments,
  });
  const service = new HttpService(app.fetch, {
    hostname: config.host,
    headersTimeoutMs: config.requestHeadersTimeoutMs,
  });
  answerMalformedRequests(service.server, logger);
  const startedMs = Math.round(performance.now() - started);

  const onStop = processStop({
    readiness,
    metricsPort,
    service,
    background,
    jobs,
    catalogueWatch,
    releaseRequests,
    database,
    supervised,
    logger,
  });
  // An exception nothing caught may have left this process in any state: it answers what it has
  // for a moment and exits, and its supervisor puts another in its place.
  containCrashes(logger, () => {
    tellSupervisor({ type: 'stopping', reason: 'an uncaught exception' });
    onStop('crash', CRASH_GRACE_MS);
  });

  if (supervised) {
    process.off('SIGTERM', leave);
    process.off('disconnect', leave);
    serveForSupervisor(service, onStop);
    tellSupervisor({ type: 'ready', database: databaseName(config), startedMs, staffSetup });
    setTimeout(later.begin, QUEUE_AFTER_MS);
    return;
  }

  const server = service.listen({ port: config.port, hostname: config.host }, (info) => {
    logger.info(
      `Adlane is ready at http://localhost:${info.port} (database: ${databaseName(config)}; started in ${startedMs} ms)`,
    );
    if (config.outboxKey)
      console.log(`Outbox: http://localhost:${info.port}/dev/outbox?key=${config.outboxKey}`);
    if (staffSetup) console.log(staffSetupLine(config, staffSetup));
    setTimeout(later.begin, QUEUE_AFTER_MS);
    // The coastlines (about half a second of parsing) are read once ready rather than by the first
    // every-door map a visitor opens, whose answer would wait for them.
    setImmediate(loadLand);
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    logger.fatal(
      error.code === 'EADDRINUSE'
        ? `Port ${config.port} is taken by another program: stop it, or set PORT to another port.`
        : error.message,
    );
    void database.close().finally(() => process.exit(1));
  });
  // (Node passes the signal's number as a second argument: not a grace.)
  process.on('SIGINT', (signal) => onStop(signal));
  process.on('SIGTERM', (signal) => onStop(signal));
}

main().catch((error: unknown) => {
  if (leaving) return;
  // The error itself too: a failed query's message names the query, its cause says why it failed.
  logger.fatal({ err: error }, error instanceof Error ? error.message : String(error));
  process.exit(1);
});
