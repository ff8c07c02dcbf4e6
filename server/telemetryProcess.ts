import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * What the server processes need to know of the traces (server/telemetry.ts): how the supervisor
 * loads it into them (before any module it instruments), how the threads that check files leave it
 * out, and how a stopping process sends the spans it still holds.
 */

/** Traces are sent when this is set (the OpenTelemetry SDK's own variable: the collector's URL). */
export const TRACES_ENDPOINT_ENV = 'OTEL_EXPORTER_OTLP_ENDPOINT';

const TELEMETRY_MODULE = /[/\\]telemetry\.(ts|js)$/;

/** The Node options that load the traces' set-up from `folder` (the server's, as source or bundle). */
export function telemetryImport(folder: string, extension: string): string[] {
  return ['--import', pathToFileURL(path.join(folder, `telemetry${extension}`)).href];
}

/** `execArgv` without the traces' set-up: a worker thread would start an exporter of its own. */
export function withoutTelemetry(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i] ?? '';
    if (arg === '--import' && TELEMETRY_MODULE.test(execArgv[i + 1] ?? '')) i += 1;
    else if (!(arg.startsWith('--import=') && TELEMETRY_MODULE.test(arg))) kept.push(arg);
  }
  return kept;
}

const flushes: (() => Promise<void>)[] = [];

/** Called by the traces' set-up: what sends the spans still held. */
export function atTelemetryFlush(flush: () => Promise<void>): void {
  flushes.push(flush);
}

/** Sends the spans still held (at most `ms`), before the process exits. */
export async function flushTelemetry(ms = 2_000): Promise<void> {
  if (flushes.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled(flushes.map((flush) => flush())), late]);
  clearTimeout(timer);
}
