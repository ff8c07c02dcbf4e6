import { appendFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { JobData } from './kinds';
import type { JobRun } from './queue';

/**
 * The development kind that proves a job runs once however many processes work the queue: after
 * holding its lease `holdMs` (long enough to kill the process that holds it), it appends
 * `<pid> <job id>` to `JOB_RUN_LOG`. Queued only through the FAULT_INJECTION route.
 */
export async function recordTestRun(
  runLog: string | undefined,
  data: JobData['test.record'],
  run: JobRun,
): Promise<void> {
  if (!runLog) throw new Error('JOB_RUN_LOG is not set: a test.record job has nowhere to record its run.');
  if (data.holdMs) await sleep(data.holdMs, undefined, { signal: run.signal });
  await appendFile(runLog, `${process.pid} ${run.id}\n`);
}
