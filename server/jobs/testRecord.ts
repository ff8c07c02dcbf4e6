import { appendFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { JobData } from './kinds';
import type { JobRun } from './queue';

/**
 * The development kind that proves a job runs once however many processes work the queue: it
 * appends `<pid> <job id>` to `JOB_RUN_LOG`. With `holdMs`, its first attempt first writes
 * `<pid> <job id> started` and holds its lease that long (time for a test to kill the process that
 * holds it); a later attempt records at once. Queued only through the FAULT_INJECTION route.
 */
export async function recordTestRun(
  runLog: string | undefined,
  data: JobData['test.record'],
  run: JobRun,
): Promise<void> {
  if (!runLog) throw new Error('JOB_RUN_LOG is not set: a test.record job has nowhere to record its run.');
  if (data.holdMs && run.attempt === 0) {
    await appendFile(runLog, `${process.pid} ${run.id} started\n`);
    await sleep(data.holdMs, undefined, { signal: run.signal });
  }
  await appendFile(runLog, `${process.pid} ${run.id}\n`);
}
