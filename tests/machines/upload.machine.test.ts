import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import type { AdFile } from '../../contract/adFiles';
import { CHECK_POLL_MS, type UploadEvent, uploadMachine } from '../../machines/upload/upload.machine';
import {
  readUploadSummaries,
  selectCanCancel,
  selectCanPause,
  selectCanResume,
  selectCanRetry,
  selectUploadChecks,
  selectUploadPercent,
  selectUploadStage,
  type UploadSnapshot,
} from '../../machines/upload/upload.selectors';
import type { TransferInput, UploadFileRef, UploadTarget } from '../../machines/upload/upload.types';
import { MAX_PARALLEL, uploadQueueMachine } from '../../machines/upload/uploadQueue.machine';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

/*
 * The upload machines (issue 16, point 7) with a fake tus client: the test plays the client's
 * progress, the server's upload address, success and failure, and moves a simulated clock through
 * the checks' polling. Nothing sleeps.
 */

const fileRef = (n: number): UploadFileRef => ({
  key: `k${n}`,
  name: `ad-${n}.pdf`,
  size: 1000,
  type: 'application/pdf',
});

const record = (status: AdFile['status'], checks: AdFile['checks'] = []): AdFile => ({
  id: 'f1',
  name: 'ad-1.pdf',
  status,
  format: 'pdf',
  size: 1000,
  size_formatted: '1000 bytes',
  checks,
  runs: [],
  sheet: { slug: 'magazine-print-ads', title: 'Magazine print ads' },
  review: null,
  replaced_by: null,
  uploaded_by: null,
  comments: 0,
  can_delete: true,
  thumbnail_url: null,
  download_url: '/api/v1/files/f1/download',
  created_at: '2027-01-11T09:00:00.000Z',
});

/** The fake tus client: each start is recorded with its input and a way to talk back. */
function fakeTus() {
  const starts: { input: TransferInput; send: (event: UploadEvent) => void; stopped: boolean }[] = [];
  const transfer = fromCallback<UploadEvent, TransferInput>(({ input, sendBack }) => {
    const start = { input, send: sendBack, stopped: false };
    starts.push(start);
    return () => {
      start.stopped = true;
    };
  });
  return { starts, transfer, last: () => starts[starts.length - 1] };
}

const FOR_RUN: UploadTarget = { order: 'AD-27-000001', run: '2027/03' };

function oneUpload(target: UploadTarget = FOR_RUN) {
  const tus = fakeTus();
  const reads = heldCalls<[string], AdFile>();
  const terminations: string[] = [];
  const clock = new SimulatedClock();
  /** What the upload tells its queue; alone, it has none, so the test keeps the messages. */
  const told: string[] = [];
  const actor = createActor(
    uploadMachine.provide({
      actions: { slotFreed: () => told.push('slot freed'), cancelled: () => told.push('cancelled') },
      actors: {
        transfer: tus.transfer,
        fetchFile: fromPromise(({ input }) => reads.call(input.fileId)),
        terminate: fromPromise(async ({ input }) => {
          terminations.push(input.uploadUrl);
        }),
      },
    }),
    { input: { id: 'upload-1', file: fileRef(1), target }, clock },
  );
  actor.start();
  return { actor, tus, reads, terminations, clock, told, state: () => actor.getSnapshot().value };
}

describe('one upload', () => {
  it('waits for a slot, reports progress, and checks until the verdict', async () => {
    const u = oneUpload();
    expect(u.state()).toBe('queued');
    expect(u.tus.starts).toHaveLength(0);
    u.actor.send({ type: 'upload.start' });
    expect(u.state()).toBe('uploading');
    u.tus.last()?.send({ type: 'transfer.created', uploadUrl: '/api/v1/uploads/f1' });
    u.tus.last()?.send({ type: 'transfer.progress', sent: 400, total: 1000 });
    expect(u.actor.getSnapshot().context).toMatchObject({ sent: 400, total: 1000 });
    u.tus.last()?.send({ type: 'transfer.done', fileId: 'f1' });
    expect(u.state()).toEqual({ checking: 'reading' });
    u.reads.nth(0).answer(record('checking'));
    await flush();
    expect(u.state()).toEqual({ checking: 'waiting' });
    expect(u.reads.calls).toHaveLength(1);
    u.clock.increment(CHECK_POLL_MS - 1);
    expect(u.reads.calls).toHaveLength(1);
    u.clock.increment(1);
    expect(u.reads.calls).toHaveLength(2);
    const failed = [
      { name: 'resolution', result: 'failed' as const, message: '72 ppi at 8.625 × 11.125 in.' },
    ];
    u.reads.nth(1).answer(record('attention', failed));
    await flush();
    expect(u.state()).toBe('attention');
    expect(u.actor.getSnapshot().context.record?.checks).toEqual(failed);
  });

  it.each([
    ['passed', [{ name: 'format', result: 'passed', message: 'A PDF, as the sheet asks.' }]],
    ['rejected', [{ name: 'format', result: 'failed', message: 'A Word file: send a PDF.' }]],
  ] as const)('ends %s when the checks say so, keeping them', async (status, checks) => {
    const u = oneUpload();
    u.actor.send({ type: 'upload.start' });
    u.tus.last()?.send({ type: 'transfer.done', fileId: 'f1' });
    expect(u.reads.asked()).toEqual([['f1']]);
    u.reads.nth(0).answer(record(status, [...checks]));
    await flush();
    expect(u.state()).toBe(status);
    expect(u.actor.getSnapshot().context.record?.checks).toEqual(checks);
    // Over: no further reads, however long the page stays open.
    u.clock.increment(CHECK_POLL_MS * 3);
    expect(u.reads.calls).toHaveLength(1);
  });

  it('pauses by stopping the client and resumes at the same upload address', () => {
    const u = oneUpload();
    u.actor.send({ type: 'upload.start' });
    u.tus.last()?.send({ type: 'transfer.created', uploadUrl: '/api/v1/uploads/f1' });
    u.tus.last()?.send({ type: 'transfer.progress', sent: 600, total: 1000 });
    u.actor.send({ type: 'upload.pause' });
    expect(u.state()).toBe('paused');
    expect(u.tus.starts[0]?.stopped).toBe(true);
    expect(u.told).toEqual(['slot freed']);
    u.actor.send({ type: 'upload.resume' });
    expect(u.state()).toBe('queued');
    u.actor.send({ type: 'upload.start' });
    expect(u.tus.starts).toHaveLength(2);
    expect(u.tus.last()?.input.uploadUrl).toBe('/api/v1/uploads/f1');
    expect(u.actor.getSnapshot().context.sent).toBe(600);
  });

  it('fails with the message and retries from where it got to', () => {
    const u = oneUpload();
    u.actor.send({ type: 'upload.start' });
    u.tus.last()?.send({ type: 'transfer.created', uploadUrl: '/api/v1/uploads/f1' });
    u.tus.last()?.send({ type: 'transfer.failed', message: 'The connection dropped.', retryable: true });
    expect(u.state()).toBe('failed');
    expect(u.actor.getSnapshot().context.error).toBe('The connection dropped.');
    expect(selectCanRetry(u.actor.getSnapshot())).toBe(true);
    u.actor.send({ type: 'upload.retry' });
    u.actor.send({ type: 'upload.start' });
    expect(u.tus.last()?.input.uploadUrl).toBe('/api/v1/uploads/f1');
    expect(u.actor.getSnapshot().context.error).toBeNull();
  });

  it('offers no retry after a refusal the same file would get again, only Cancel', async () => {
    const u = oneUpload();
    u.actor.send({ type: 'upload.start' });
    u.tus.last()?.send({ type: 'transfer.created', uploadUrl: '/api/v1/uploads/f1' });
    const refusal = 'ad-1.pdf is 60 MB; PDF files may be at most 50 MB: export a smaller file.';
    u.tus.last()?.send({ type: 'transfer.failed', message: refusal, retryable: false });
    expect(u.state()).toBe('failed');
    expect(selectCanRetry(u.actor.getSnapshot())).toBe(false);
    expect(selectCanCancel(u.actor.getSnapshot())).toBe(true);
    u.actor.send({ type: 'upload.retry' });
    u.actor.send({ type: 'upload.start' });
    expect(u.state()).toBe('failed');
    expect(u.actor.getSnapshot().context.error).toBe(refusal);
    expect(u.tus.starts).toHaveLength(1);
    expect(u.told).toEqual(['slot freed']);
    u.actor.send({ type: 'upload.cancel' });
    await flush();
    expect(u.state()).toBe('cancelled');
    expect(u.terminations).toEqual(['/api/v1/uploads/f1']);
  });

  it('cannot be cancelled once its bytes are in (the file is deleted from the library instead)', async () => {
    const u = oneUpload();
    u.actor.send({ type: 'upload.start' });
    u.tus.last()?.send({ type: 'transfer.created', uploadUrl: '/api/v1/uploads/f1' });
    u.tus.last()?.send({ type: 'transfer.done', fileId: 'f1' });
    for (let i = 0; i < 3; i += 1) {
      u.reads.nth(i).fail(new Error('offline'));
      await flush();
      if (i < 2) u.clock.increment(CHECK_POLL_MS);
    }
    expect(u.state()).toBe('failed');
    expect(u.actor.getSnapshot().can({ type: 'upload.cancel' })).toBe(false);
    u.actor.send({ type: 'upload.cancel' });
    expect(u.state()).toBe('failed');
    expect(u.terminations).toEqual([]);
  });

  it('says so when the checks cannot be read three times running, and retrying reads them again', async () => {
    const u = oneUpload();
    u.actor.send({ type: 'upload.start' });
    u.tus.last()?.send({ type: 'transfer.done', fileId: 'f1' });
    for (let i = 0; i < 3; i += 1) {
      u.reads.nth(i).fail(new Error('offline'));
      await flush();
      if (i < 2) u.clock.increment(CHECK_POLL_MS);
    }
    expect(u.state()).toBe('failed');
    expect(u.actor.getSnapshot().context.error).toMatch(/could not be read/);
    expect(selectCanRetry(u.actor.getSnapshot())).toBe(true);
    u.actor.send({ type: 'upload.retry' });
    expect(u.state()).toEqual({ checking: 'reading' });
    expect(u.tus.starts).toHaveLength(1);
  });

  it.each(['queued', 'uploading', 'paused', 'failed'] as const)(
    'cancels from %s, dropping what the server has',
    async (from) => {
      const u = oneUpload();
      if (from !== 'queued') {
        u.actor.send({ type: 'upload.start' });
        u.tus.last()?.send({ type: 'transfer.created', uploadUrl: '/api/v1/uploads/f1' });
      }
      if (from === 'paused') u.actor.send({ type: 'upload.pause' });
      if (from === 'failed') u.tus.last()?.send({ type: 'transfer.failed', message: 'x', retryable: true });
      expect(u.state()).toBe(from);
      u.actor.send({ type: 'upload.cancel' });
      await flush();
      expect(u.state()).toBe('cancelled');
      expect(u.terminations).toEqual(from === 'queued' ? [] : ['/api/v1/uploads/f1']);
      expect(u.told[u.told.length - 1]).toBe('cancelled');
    },
  );
});

/** The queue, with every upload on the fake tus client and the checks' reads held by the test. */
function queue() {
  const tus = fakeTus();
  const reads = heldCalls<[string], AdFile>();
  const actor = createActor(
    uploadQueueMachine.provide({
      actors: {
        upload: uploadMachine.provide({
          actors: {
            transfer: tus.transfer,
            fetchFile: fromPromise(({ input }) => reads.call(input.fileId)),
            terminate: fromPromise(async () => {}),
          },
        }),
      },
    }),
    { clock: new SimulatedClock() },
  );
  actor.start();
  const states = () =>
    actor.getSnapshot().context.uploads.map((u) => {
      const value = u.actor.getSnapshot().value;
      return typeof value === 'string' ? value : Object.keys(value)[0];
    });
  const starter = (name: string) => tus.starts.find((s) => s.input.file.name === name && !s.stopped);
  return { actor, tus, reads, states, starter };
}

describe('the queue', () => {
  it(`sends at most ${MAX_PARALLEL} files at once and starts the next when one finishes or pauses`, () => {
    const q = queue();
    q.actor.send({
      type: 'files.add',
      files: [1, 2, 3, 4, 5].map(fileRef),
      target: { sheet: 'magazine-print-ads' },
    });
    expect(q.states()).toEqual(['uploading', 'uploading', 'uploading', 'queued', 'queued']);
    q.starter('ad-2.pdf')?.send({ type: 'transfer.done', fileId: 'f2' });
    expect(q.states()).toEqual(['uploading', 'checking', 'uploading', 'uploading', 'queued']);
    q.actor.send({ type: 'upload.pause', id: 'upload-1' });
    expect(q.states()).toEqual(['paused', 'checking', 'uploading', 'uploading', 'uploading']);
    // A resumed file waits for a free slot like the others.
    q.actor.send({ type: 'upload.resume', id: 'upload-1' });
    expect(q.states()).toEqual(['queued', 'checking', 'uploading', 'uploading', 'uploading']);
    q.starter('ad-3.pdf')?.send({ type: 'transfer.failed', message: 'Refused.', retryable: false });
    expect(q.states()).toEqual(['uploading', 'checking', 'failed', 'uploading', 'uploading']);
  });

  it('stops every upload when it is cleared (another customer signed in)', () => {
    const q = queue();
    q.actor.send({
      type: 'files.add',
      files: [1, 2, 3, 4].map(fileRef),
      target: { sheet: 'magazine-print-ads' },
    });
    const running = q.tus.starts.filter((s) => !s.stopped);
    expect(running).toHaveLength(3);
    q.actor.send({ type: 'queue.clear' });
    expect(q.actor.getSnapshot().context.uploads).toEqual([]);
    expect(running.every((s) => s.stopped)).toBe(true);
    expect(q.tus.starts).toHaveLength(3);
  });

  it('drops a cancelled file and lets the next one go', () => {
    const q = queue();
    q.actor.send({
      type: 'files.add',
      files: [1, 2, 3, 4].map(fileRef),
      target: { sheet: 'magazine-print-ads' },
    });
    q.actor.send({ type: 'upload.cancel', id: 'upload-2' });
    expect(q.actor.getSnapshot().context.uploads.map((u) => u.id)).toEqual([
      'upload-1',
      'upload-3',
      'upload-4',
    ]);
    expect(q.states()).toEqual(['uploading', 'uploading', 'uploading']);
  });
});

describe('what the page reads', () => {
  /** The buttons a row may show, as the selectors answer. */
  const buttons = (s: UploadSnapshot) =>
    [
      selectCanPause(s) && 'pause',
      selectCanResume(s) && 'resume',
      selectCanRetry(s) && 'retry',
      selectCanCancel(s) && 'cancel',
    ].filter(Boolean);

  it('names each stage, its progress and the buttons that do something there', async () => {
    const u = oneUpload();
    const now = () => u.actor.getSnapshot();
    expect([selectUploadStage(now()), buttons(now())]).toEqual(['queued', ['pause', 'cancel']]);
    u.actor.send({ type: 'upload.start' });
    u.tus.last()?.send({ type: 'transfer.progress', sent: 333, total: 1000 });
    expect([selectUploadStage(now()), selectUploadPercent(now()), buttons(now())]).toEqual([
      'uploading',
      33,
      ['pause', 'cancel'],
    ]);
    u.actor.send({ type: 'upload.pause' });
    expect([selectUploadStage(now()), buttons(now())]).toEqual(['paused', ['resume', 'cancel']]);
    u.actor.send({ type: 'upload.resume' });
    u.actor.send({ type: 'upload.start' });
    u.tus.last()?.send({ type: 'transfer.failed', message: 'The connection dropped.', retryable: true });
    expect([selectUploadStage(now()), buttons(now())]).toEqual(['failed', ['retry', 'cancel']]);
    u.actor.send({ type: 'upload.retry' });
    u.actor.send({ type: 'upload.start' });
    u.tus.last()?.send({ type: 'transfer.done', fileId: 'f1' });
    // The bytes are in: the checks are the server's, nothing to pause or cancel.
    expect([selectUploadStage(now()), selectUploadPercent(now()), buttons(now())]).toEqual([
      'checking',
      100,
      [],
    ]);
    expect(selectUploadChecks(now())).toEqual([]);
    const checks = [{ name: 'bleed', result: 'warning' as const, message: 'No bleed: add 0.125 in.' }];
    u.reads.nth(0).answer(record('attention', checks));
    await flush();
    expect([selectUploadStage(now()), buttons(now())]).toEqual(['attention', []]);
    expect(selectUploadChecks(now())).toEqual(checks);
  });

  it("lists the queue's uploads with their stage and progress", () => {
    const tus = fakeTus();
    const actor = createActor(
      uploadQueueMachine.provide({
        actors: {
          upload: uploadMachine.provide({
            actors: {
              transfer: tus.transfer,
              fetchFile: fromPromise(() => new Promise<AdFile>(() => {})),
              terminate: fromPromise(async () => {}),
            },
          }),
        },
      }),
      { clock: new SimulatedClock() },
    ).start();
    actor.send({
      type: 'files.add',
      files: [1, 2, 3, 4].map(fileRef),
      target: { sheet: 'magazine-print-ads' },
    });
    tus.starts[0]?.send({ type: 'transfer.progress', sent: 250, total: 1000 });
    tus.starts[1]?.send({ type: 'transfer.failed', message: 'Refused.', retryable: false });
    expect(readUploadSummaries(actor.getSnapshot())).toEqual([
      {
        id: 'upload-1',
        name: 'ad-1.pdf',
        stage: 'uploading',
        sent: 250,
        total: 1000,
        percent: 25,
        error: null,
      },
      {
        id: 'upload-2',
        name: 'ad-2.pdf',
        stage: 'failed',
        sent: 0,
        total: 1000,
        percent: 0,
        error: 'Refused.',
      },
      { id: 'upload-3', name: 'ad-3.pdf', stage: 'uploading', sent: 0, total: 1000, percent: 0, error: null },
      { id: 'upload-4', name: 'ad-4.pdf', stage: 'uploading', sent: 0, total: 1000, percent: 0, error: null },
    ]);
  });
});

describe('one file for several runs (issue 33)', () => {
  const ORDER = 'AD-27-000001';
  const FOR_RUNS: UploadTarget = { order: ORDER, run: '2027/03', runs: ['2027/03', '2027/04'] };
  const TALLER = [{ name: 'size', result: 'failed' as const, message: 'The April page is taller.' }];

  /** The file as the server answers once checked: each run it serves with its own verdict. */
  const serving = (
    runs: readonly [string, AdFile['runs'][number]['status'], AdFile['checks']][],
  ): AdFile => ({
    ...record(runs[0]?.[1] ?? 'passed'),
    runs: runs.map(([run, status, checks]) => ({
      order: ORDER,
      run,
      run_label: `the ${run} issue`,
      placement: 'City Magazine full page',
      ad_due: null,
      cancelled: false,
      status,
      checks,
      approved: null,
      replaced_by: null,
      can_approve: status === 'passed',
      approve_note: null,
      approve_mode: 'approve',
      request: null,
    })),
  });

  it("sends the runs with the file and keeps each run's own verdict", async () => {
    const u = oneUpload(FOR_RUNS);
    u.actor.send({ type: 'upload.start' });
    expect(u.tus.last()?.input.target).toEqual(FOR_RUNS);
    u.tus.last()?.send({ type: 'transfer.done', fileId: 'f1' });
    u.reads.nth(0).answer(
      serving([
        ['2027/03', 'passed', []],
        ['2027/04', 'attention', TALLER],
      ]),
    );
    await flush();
    const snapshot = u.actor.getSnapshot();
    // The upload's verdict is the file's (its first run's); the April run keeps its own check to fix.
    expect(selectUploadStage(snapshot)).toBe('passed');
    expect(selectUploadChecks(snapshot)).toEqual([]);
    expect(snapshot.context.record?.runs.map((r) => [r.run, r.status, r.checks])).toEqual([
      ['2027/03', 'passed', []],
      ['2027/04', 'attention', TALLER],
    ]);
  });

  it('keeps each file to its own runs, reports a refusal on its file alone, and retries only the file that failed', () => {
    const q = queue();
    const forB: UploadTarget = { order: 'AD-27-000002', run: '2027/06', runs: ['2027/06', '2027/07'] };
    const forC: UploadTarget = { order: 'AD-27-000003', run: '2027/08', runs: ['2027/08', '2027/09'] };
    q.actor.send({ type: 'files.add', files: [fileRef(1)], target: FOR_RUNS });
    q.actor.send({ type: 'files.add', files: [fileRef(2)], target: forB });
    q.actor.send({ type: 'files.add', files: [fileRef(3)], target: forC });
    expect(q.tus.starts.map((s) => [s.input.file.name, s.input.target])).toEqual([
      ['ad-1.pdf', FOR_RUNS],
      ['ad-2.pdf', forB],
      ['ad-3.pdf', forC],
    ]);
    const refusal = 'The July 2027 issue takes the spec sheet Billboards, not Magazine print ads.';
    q.starter('ad-2.pdf')?.send({ type: 'transfer.failed', message: refusal, retryable: false });
    q.starter('ad-3.pdf')?.send({ type: 'transfer.failed', message: 'The server is busy.', retryable: true });
    q.starter('ad-1.pdf')?.send({ type: 'transfer.done', fileId: 'f1' });
    expect(q.states()).toEqual(['checking', 'failed', 'failed']);
    expect(readUploadSummaries(q.actor.getSnapshot()).map((u) => [u.name, u.error])).toEqual([
      ['ad-1.pdf', null],
      ['ad-2.pdf', refusal],
      ['ad-3.pdf', 'The server is busy.'],
    ]);
    // The refused file would be refused again: its retry does nothing, the busy server's is taken.
    q.actor.send({ type: 'upload.retry', id: 'upload-2' });
    q.actor.send({ type: 'upload.retry', id: 'upload-3' });
    expect(q.states()).toEqual(['checking', 'failed', 'uploading']);
    expect(q.tus.starts.map((s) => s.input.file.name)).toEqual([
      'ad-1.pdf',
      'ad-2.pdf',
      'ad-3.pdf',
      'ad-3.pdf',
    ]);
    expect(q.tus.last()?.input.target).toEqual(forC);
    expect(q.reads.asked()).toEqual([['f1']]);
  });
});
