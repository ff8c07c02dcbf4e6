import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { staffSetupLine } from './admin/setupLink';
import { readServerConfig } from './config';
import { createLogger } from './log';
import { serveMetricsPort } from './metrics/port';
import { Supervisor } from './supervision/supervisor';
import { TRACES_ENDPOINT_ENV, telemetryImport } from './telemetryProcess';

/**
 * `npm start`: the server, supervised. The server processes (server/worker.ts) do the work; this one
 * holds the port, hands them the connections and starts a new one whenever one ends unasked, so a
 * crash or a `kill -9` costs the requests that process had, not the product.
 */

const logger = createLogger();

async function main() {
  // Read here too, so a setting that cannot be read stops the start with its message, once.
  const config = readServerConfig();
  const env = { ...process.env };
  // One outbox key for every server process, now and after restarts, so the printed link keeps working.
  if (config.outboxKey && !env.OUTBOX_KEY) env.OUTBOX_KEY = config.outboxKey;
  if (!config.databaseUrl && Number(env.WEB_CONCURRENCY) > 1)
    logger.warn('WEB_CONCURRENCY is ignored on the embedded database: one server process owns it.');
  const here = path.dirname(fileURLToPath(import.meta.url));
  const extension = path.extname(fileURLToPath(import.meta.url));
  // Traces: the set-up is loaded into each server process before the modules it instruments.
  const execArgv = env[TRACES_ENDPOINT_ENV]
    ? [...process.execArgv, ...telemetryImport(here, extension)]
    : process.execArgv;
  const supervisor = new Supervisor({
    port: config.port,
    host: config.host,
    processes: config.webConcurrency,
    overlap: config.databaseUrl !== null,
    script: path.join(here, `worker${extension}`),
    execArgv,
    env,
    command: path.relative(process.cwd(), fileURLToPath(import.meta.url)),
    logger,
  });

  // Every server process's metrics, summed, on a port of their own.
  const metricsPort =
    config.metricsPort === null
      ? null
      : await serveMetricsPort({
          port: config.metricsPort,
          host: config.host,
          token: config.metricsToken,
          exposition: () => supervisor.gatherMetrics(),
          logger,
        });

  // Ctrl-C in npm reaches this process twice at times: the supervisor stops once.
  const stop = (signal: NodeJS.Signals) =>
    void supervisor.stop(signal).then(() => {
      metricsPort?.close();
      logger.info('Stopped.');
      process.exit(0);
    });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  try {
    const ready = await supervisor.start();
    const processes =
      config.webConcurrency === 1 ? '1 server process' : `${config.webConcurrency} server processes`;
    logger.info(
      `Adlane is ready at http://localhost:${ready.port} (database: ${ready.database}; ${processes}; started in ${ready.startedMs} ms)`,
    );
    if (config.outboxKey)
      console.log(`Outbox: http://localhost:${ready.port}/dev/outbox?key=${env.OUTBOX_KEY}`);
    if (ready.staffSetup) console.log(staffSetupLine(config, ready.staffSetup));
  } catch (error) {
    const reason = error as NodeJS.ErrnoException;
    logger.fatal(
      reason.code === 'EADDRINUSE'
        ? `Port ${config.port} is taken by another program: stop it, or set PORT to another port.`
        : reason.message,
    );
    await supervisor.stop('SIGTERM');
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  logger.fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
