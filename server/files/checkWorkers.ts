import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { PreflightInput, PreflightResult } from '../preflight/index';
import { failed } from '../preflight/words';
import { preflightWorkerFile, runsFromSource } from '../runtimeFiles';
import { withoutTelemetry } from '../telemetryProcess';

/** A check's answer as it crosses from its thread: the thumbnail's Buffer arrives as its bytes. */
type WorkerResult = Omit<PreflightResult, 'thumbnail'> & { thumbnail: Uint8Array | null };

export interface CheckWorkerOptions {
  /** Threads, each running one check at a time. */
  threads: number;
  /** A check still running after this long is stopped (its thread ended and replaced). */
  timeLimitMs: number;
  /** A thread's JavaScript heap: past it the thread ends, not the server. */
  heapMb: number;
  /** The module whose default export checks one file (tests give their own). */
  module?: URL;
}

/** The verdict of a check its thread did not finish. */
const stopped = (name: string, message: string): PreflightResult => ({
  status: 'rejected',
  format: null,
  checks: [failed(name, message)],
  thumbnail: null,
});

/**
 * Threads that run preflight off the server's event loop: pdf-lib and mp4box parse in JavaScript and
 * would hold every request while they do. Each thread has its own heap limit, and a check past its
 * time is stopped; either way the thread is replaced and the file rejected with a sentence.
 */
export function createCheckWorkers(options: CheckWorkerOptions) {
  const pool = new Piscina<PreflightInput, WorkerResult>({
    filename: (options.module ?? pathToFileURL(preflightWorkerFile())).href,
    minThreads: options.threads,
    maxThreads: options.threads,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
    // From the source a thread needs tsx for its TypeScript: inherited when the server runs through
    // it, given when it does not (vitest). The bundle's thread is plain JavaScript. The traces'
    // set-up stays with the process.
    execArgv:
      runsFromSource && !process.execArgv.some((arg) => arg.includes('tsx'))
        ? [...withoutTelemetry(process.execArgv), '--import', 'tsx']
        : withoutTelemetry(process.execArgv),
  });
  const seconds = Math.round(options.timeLimitMs / 1000);

  return {
    async preflight(input: PreflightInput): Promise<PreflightResult> {
      const signal = AbortSignal.timeout(options.timeLimitMs);
      try {
        const result = await pool.run(input, { signal });
        const { thumbnail } = result;
        return {
          ...result,
          thumbnail: thumbnail ? Buffer.from(thumbnail.buffer, thumbnail.byteOffset, thumbnail.length) : null,
        };
      } catch (error) {
        if (signal.aborted)
          return stopped(
            'time',
            `Checking the file took more than ${seconds} s, so it was stopped: export it again more simply (flattened, fewer layers and objects) and send the new file.`,
          );
        if (error instanceof Error && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY')
          return stopped(
            'memory',
            `Checking the file needed more than ${options.heapMb} MB, so it was stopped: export it again more simply (flattened, fewer layers and objects) and send the new file.`,
          );
        throw error;
      }
    },
    /** Checks waiting for a thread, and the share of the threads' time spent checking (metrics). */
    load: () => ({ queued: pool.queueSize, utilization: pool.utilization }),
    close: () => pool.close({ force: true }),
  };
}

export type CheckWorkers = ReturnType<typeof createCheckWorkers>;
