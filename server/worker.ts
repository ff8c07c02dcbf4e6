import { Socket } from 'node:net';
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
import { queueFilesLeftChecking } from './files/checkJob';
import { fileCheckOptions, fileChecks } from './files/checkQueue';
import { ProcessUploadLocker } from './files/processLocker';
import { openUploadStorage } from './files/storage';
import { uploadLockerOf } from './files/uploadLocker';
import { serverReadiness } from './health/checks';
import { answerMalformedRequests } from './http/clientErrors';
import { jobHandlers } from './jobs/handlers';
import { startJobs } from './jobs/pgBossJobs';
import { jobsStartedLater } from './jobs/whenStarted';
import { HttpService, SHUTDOWN_GRACE_MS, settledWithin } from './lifecycle';
import { createLogger } from './log';
import { collectServerMetrics, outboxByStatus } from './metrics/collectors';
import { expositionOf } from './metrics/exposition';
import { serveMetricsPort } from './metrics/port';
import { createMetrics } from './metrics/registry';
import { stripeKeySpace } from './payments/keySpace';
import { stripeGateway } from './payments/stripeClient';
import { loadPageRenderer } from './ssr/pageRenderer';
import { catalogueFor, prebuildCatalogue } from './startup/catalogue';
import { databaseName, openServerDatabase } from './startup/database';
import { hasStaticSite, loadStaticSite } from './static/site';
import { relayMetrics } from './supervision/metricsRelay';
import {
  FIRST_START_ENV,
  isSupervised,
  isToWorker,
  SPARE_ENV,
  SUPERVISOR_PID_ENV,
  type ToSupervisor,
} from './supervision/protocol';
import { flushTelemetry } from './telemetryProcess';

/** The process's log: JSON lines on standard output (LOG_LEVEL), the app's access and error lines too. */
const logger = createLogger();

/** How long a server process that crashed goes on answering what it has before it exits. */
const CRASH_GRACE_MS = 1_000;
/** How long a server process serves before it starts its job queue (unless a job is sent sooner). */
const QUEUE_AFTER_MS = 2_000;

/** Tells the supervisor, when there is one. */
const tellSupervisor = (message: ToSupervisor) => {
  if (process.connected) process.send?.(message);
};

/** Says it is prepared, and resolves once the supervisor gives it a place to serve. */
const promotion = () =>
  new Promise<void>((resolve) => {
    const onMessage = (message: unknown) => {
      if (!isToWorker(message) || message.type !== 'promote') return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
    tellSupervisor({ type: 'prepared' });
  });

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
  // Without a build the process still serves the API (the SPA may be on a CDN, or not built yet).
  const site = hasStaticSite(config.staticDir) ? loadStaticSite(config.staticDir) : undefined;
  if (!site && firstStart)
    logger.warn(
      `No built app in ${config.staticDir}: serving the API only. Run \`npm run build\` for the storefront.`,
    );
  const renderPage = site
    ? await loadPageRenderer(config.staticDir, (error) =>
        logger.error(
          { err: error },
          'The build’s server entry could not be loaded: pages are drawn in the browser.',
        ),
      )
    : null;
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
  const startQueue = () =>
    startJobs({
      database,
      logger,
      handlers: jobHandlers({
        db: database.db,
        config,
        clock: () => new Date(),
        logger,
        storage: async () => storage,
        uploadLocks: uploadLocker,
        payments,
        ...(config.jobRunLog ? { runLog: config.jobRunLog } : {}),
      }),
      checksAtOnce: fileCheckOptions(process.env).threads,
      // Nothing queues the test kind without FAULT_INJECTION: no process polls for it.
      notWorked: config.faultInjection ? [] : ['test.record'],
    });
  // A process serves first and starts its queue QUEUE_AFTER_MS later (or at the first job sent):
  // pg-boss's start (a second of the embedded database's one connection, and of a core; half a
  // second of round trips on PostgreSQL) keeps neither the start nor the requests that waited for a
  // spare taking a place (issue 27's 2 s) waiting.
  const later = jobsStartedLater(startQueue, (error) => {
    logger.fatal({ err: error }, 'The job queue could not start: this server process stops.');
    tellSupervisor({ type: 'stopping', reason: 'its job queue could not start' });
    onStop('crash', CRASH_GRACE_MS);
  });
  const { jobs } = later;
  // Files a server left `checking` (stopped before their check, or from before checks were jobs)
  // get theirs, once each however many replicas start: queued once the queue has started.
  if (firstStart)
    queueFilesLeftChecking(database.db, jobs).then(
      (left) => {
        if (left > 0) logger.info(`Queued the checks of ${left} files left checking.`);
      },
      (error: unknown) => logger.error({ err: error }, 'the files left checking could not be queued'),
    );

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

  let stopping = false;
  const stop = async (signal: NodeJS.Signals | 'crash', graceMs = SHUTDOWN_GRACE_MS) => {
    // npm passes a Ctrl-C on to the process the terminal sent it to already: one stop is enough.
    if (stopping) return;
    stopping = true;
    // First: a load balancer that asks from now on (on a connection still open) hears it is going.
    readiness.draining();
    metricsPort?.close();
    const seconds = graceMs / 1000;
    const deadline = Date.now() + graceMs;
    const stopped = service.stop(graceMs);
    await service.stopListening();
    logger.info(
      `${signal}: stopping. Accepting no new connections, answering the ${service.inFlightWhenStopped} requests in flight (up to ${seconds} s).`,
    );
    setTimeout(() => {
      logger.fatal(`Still not stopped ${seconds + 10} s after ${signal}: exiting anyway.`);
      process.exit(1);
    }, graceMs + 10_000).unref();
    const { answered, cut } = await stopped;
    if (cut > 0)
      logger.warn(`Closed ${cut} connections whose requests were still unanswered after ${seconds} s.`);
    if (!(await settledWithin(background, Math.max(1_000, deadline - Date.now()))))
      logger.warn('E-mails and other work started by answers were still running: stopping without them.');
    // A job still running after the queue's wait keeps its lease: another process tries it once it ends.
    await jobs
      .stop()
      .catch((error: unknown) => logger.error({ err: error }, 'the job queue did not stop cleanly'));
    await Promise.all([catalogueWatch.close(), releaseRequests?.close()]);
    await database.close();
    await flushTelemetry();
    const since = signal === 'crash' ? 'the crash' : signal;
    logger.info(
      supervised
        ? `Server process ${process.pid} answered ${answered} requests since ${since}, and has stopped.`
        : `Answered ${answered} requests since ${since}. Stopped.`,
    );
    process.exit(signal === 'crash' ? 1 : 0);
  };
  const onStop = (signal: NodeJS.Signals | 'crash', graceMs?: number) => {
    stop(signal, graceMs).catch((error: unknown) => {
      logger.fatal({ err: error }, 'The server could not stop cleanly.');
      process.exit(1);
    });
  };
  // An exception nothing caught may have left this process in any state: it answers what it has
  // for a moment and exits, and its supervisor puts another in its place.
  containCrashes(logger, () => {
    tellSupervisor({ type: 'stopping', reason: 'an uncaught exception' });
    onStop('crash', CRASH_GRACE_MS);
  });

  if (supervised) {
    process.off('SIGTERM', leave);
    process.off('disconnect', leave);
    process.on('message', (message, handle) => {
      if (!isToWorker(message)) return;
      if (message.type === 'connection' && handle instanceof Socket) {
        tellSupervisor({ type: 'took', id: message.id });
        // What the supervisor read while it held the connection comes first.
        if (message.head) handle.unshift(Buffer.from(message.head, 'base64'));
        service.accept(handle);
      } else if (message.type === 'stop') onStop(message.signal);
    });
    // The supervisor is gone, and with it the listening socket: what this process has is answered.
    process.once('disconnect', () => onStop('SIGTERM'));
    if (!process.connected) onStop('SIGTERM');
    // A SIGTERM sent to this process alone recycles it: its supervisor puts another in its place.
    process.on('SIGTERM', () => {
      tellSupervisor({ type: 'stopping', reason: 'SIGTERM' });
      onStop('SIGTERM');
    });
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
