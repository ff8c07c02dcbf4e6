import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { JOB_KINDS, KINDS } from '../../server/jobs/kinds';
import { postgresDatabase } from '../support/postgres';
import { type ServerProcess, spawnServer } from '../support/serverProcess';
import { POSTGRES_TEMPLATE_DB } from './globalSetup';

/*
 * Two replicas never run one job twice (issue 29, point 3): two server processes on one PostgreSQL
 * work the same queue. `test.record` jobs (FAULT_INJECTION only) append `<pid> <job id>` to a log
 * both share; one that holds its lease is killed with its process (kill -9), and the other runs it
 * once its heartbeat is missed.
 */

const serverUrl = inject('postgresUrl');
const KEY = 'a-key-for-the-job-tests-1';

/** The lines of the shared log, split into pid, job id and whether it is a start. */
async function runsIn(log: string) {
  const text = await readFile(log, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [pid = '', id = '', started] = line.split(' ');
      return { pid: Number(pid), id, started: started === 'started' };
    });
}

async function queueRecords(on: ServerProcess, count: number, holdMs = 0): Promise<string[]> {
  const response = await fetch(`${on.baseURL}/api/v1/dev/jobs/record?count=${count}&holdMs=${holdMs}`, {
    method: 'POST',
    headers: { 'x-outbox-key': KEY },
  });
  const body = (await response.json()) as { data: { ids: (string | null)[] } };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.data.ids.filter((id): id is string => id !== null);
}

describe.skipIf(!serverUrl)('jobs on two API processes on one PostgreSQL', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let folder: string;
  let log: string;
  let database: Awaited<ReturnType<typeof postgresDatabase>> | undefined;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'adlane-jobs-'));
    log = path.join(folder, 'runs.log');
    database = await postgresDatabase(serverUrl ?? '', 'jobs', POSTGRES_TEMPLATE_DB);
    const env = { DATABASE_URL: database.url, FAULT_INJECTION: 'true', OUTBOX_KEY: KEY, JOB_RUN_LOG: log };
    [a, b] = await Promise.all([spawnServer(env, 'server/worker.ts'), spawnServer(env, 'server/worker.ts')]);
    await Promise.all([a.ready, b.ready]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    await rm(folder, { recursive: true, force: true });
  });

  it('run each of 400 jobs once, some on each process, and store the schedules once', async () => {
    const queued = (await Promise.all([queueRecords(a, 200), queueRecords(b, 200)])).flat();
    expect(new Set(queued).size).toBe(400);
    await vi.waitFor(async () => expect((await runsIn(log)).length).toBeGreaterThanOrEqual(400), {
      timeout: 60_000,
      interval: 200,
    });
    const runs = await runsIn(log);
    expect(runs).toHaveLength(400);
    expect(new Set(runs.map((r) => r.id))).toEqual(new Set(queued));
    expect(new Set(runs.map((r) => r.pid))).toEqual(new Set([a.pid, b.pid]));
    // Each scheduled kind once, however many processes registered it.
    const schedules = await database?.query<{ n: number }>('select count(*)::int as n from pgboss.schedule');
    expect(schedules).toEqual([{ n: JOB_KINDS.filter((kind) => KINDS[kind].cron !== undefined).length }]);
  }, 90_000);

  it('run a job whose process was killed while holding it on the other, once', async () => {
    const [id] = await queueRecords(a, 1, 60_000);
    await vi.waitFor(
      async () => expect((await runsIn(log)).some((r) => r.id === id && r.started)).toBe(true),
      {
        timeout: 10_000,
        interval: 100,
      },
    );
    const holder = (await runsIn(log)).find((r) => r.id === id && r.started)?.pid;
    const [killed, other] = holder === a.pid ? [a, b] : [b, a];
    killed.kill('SIGKILL');
    await killed.exited;
    // Its heartbeat stops: within the lease's 10 s and the monitor's 10 s the job is the other's.
    await vi.waitFor(
      async () => expect((await runsIn(log)).some((r) => r.id === id && !r.started)).toBe(true),
      {
        timeout: 30_000,
        interval: 200,
      },
    );
    const recorded = (await runsIn(log)).filter((r) => r.id === id && !r.started);
    expect(recorded).toEqual([{ pid: other.pid, id, started: false }]);
  }, 60_000);
});
