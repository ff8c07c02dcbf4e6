import type { CatalogueWatch } from './catalogue/changes';
import type { Database } from './db/client';
import type { Readiness } from './health/readiness';
import type { Jobs } from './jobs/queue';
import type { HttpService } from './lifecycle';
import type { Logger } from './log';
import { SHUTDOWN_GRACE_MS, settledWithin } from './shutdown';
import { flushTelemetry } from './telemetryProcess';

/*
 * How a server process (server/worker.ts) stops once it serves: it says it is draining, answers what
 * is in flight up to the grace, lets after-answer work and jobs finish, closes what it opened, and
 * exits. Its own file: the order of a stop, apart from the order of a start.
 */

/** What a serving process has open, in the order it closes them. */
interface Serving {
  readiness: Pick<Readiness, 'draining'>;
  metricsPort: { close(): unknown } | null;
  service: HttpService;
  background: { settled(): Promise<void> };
  jobs: Pick<Jobs, 'stop'>;
  catalogueWatch: CatalogueWatch;
  releaseRequests: { close(): Promise<void> } | undefined;
  database: Pick<Database, 'close'>;
  /** It serves for a supervisor (its last line names it), or alone. */
  supervised: boolean;
  logger: Logger;
}

/** Stops the process on `signal` (a crash: with a shorter grace, exit code 1); only the first call counts. */
export function processStop({
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
}: Serving): (signal: NodeJS.Signals | 'crash', graceMs?: number) => void {
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
  return (signal, graceMs) => {
    stop(signal, graceMs).catch((error: unknown) => {
      logger.fatal({ err: error }, 'The server could not stop cleanly.');
      process.exit(1);
    });
  };
}
