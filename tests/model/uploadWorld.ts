import {
  type Actor,
  createActor,
  fromCallback,
  fromPromise,
  type InspectionEvent,
  SimulatedClock,
} from 'xstate';
import type { AdFile } from '../../contract/adFiles';
import { COMPANY_QUOTA_BYTES, quotaRefusal, uploadRefusal } from '../../contract/uploads';
import { fileActionsMachine } from '../../machines/upload/fileActions.machine';
import { CHECK_POLL_MS, type UploadEvent, uploadMachine } from '../../machines/upload/upload.machine';
import {
  selectCanCancel,
  selectCanPause,
  selectCanResume,
  selectCanRetry,
  selectUploadPercent,
  selectUploadStage,
} from '../../machines/upload/upload.selectors';
import type { TransferInput, UploadFileRef } from '../../machines/upload/upload.types';
import { uploadQueueMachine } from '../../machines/upload/uploadQueue.machine';
import { heldCalls } from '../machines/heldCalls';
import { flush } from '../machines/sessionHarness';
import type { ModelParams } from './modelKit';
import type { uploadModel } from './uploadModel';

const MB = 1024 * 1024;
/** What the tus client sends per request (src/system/uploads.ts). */
export const CHUNK_BYTES = 5 * MB;
export const DROPPED = 'The connection dropped. Check it, then try again.';
const ORDER = 'AD-27-000001';
const RUN = '2027/03';

/** The files a person picks: artwork that passes (large enough for several requests), and worse. */
const GOOD: UploadFileRef = { key: 'good', name: 'march-issue.jpg', size: 11 * MB, type: 'image/jpeg' };
const RGB: UploadFileRef = { key: 'rgb', name: 'cover.png', size: 300_000, type: 'image/png' };
const SMALL_GOOD: UploadFileRef = {
  key: 'small',
  name: 'april-issue.jpg',
  size: 140_000,
  type: 'image/jpeg',
};
/** A file the page takes and the server refuses: the company's files would pass the quota. */
const OVER_QUOTA: UploadFileRef = {
  key: 'spring',
  name: 'spring-issue.jpg',
  size: 2 * MB,
  type: 'image/jpeg',
};
/** The server's refusal (server/files/uploads.ts, a 413): sending the same file again gets it again. */
export const QUOTA_REFUSAL = quotaRefusal(OVER_QUOTA.name, COMPANY_QUOTA_BYTES - MB);
const WORD: UploadFileRef = { key: 'word', name: 'notes.docx', size: 20_000, type: 'application/msword' };

const PROBLEMS = [{ name: 'colour', result: 'failed' as const, message: 'RGB colour; print needs CMYK.' }];

const recordOf = (
  id: string,
  file: UploadFileRef,
  status: AdFile['status'],
  checks: AdFile['checks'],
): AdFile => ({
  id,
  name: file.name,
  status,
  format: file.type === 'image/png' ? 'png' : 'jpeg',
  size: file.size,
  size_formatted: `${file.size} bytes`,
  checks,
  runs: [
    {
      order: ORDER,
      run: RUN,
      run_label: 'the March 2027 issue',
      placement: 'City Magazine full page',
      ad_due: null,
      cancelled: false,
      status: status === 'uploading' ? 'checking' : status,
      checks,
      approved: null,
      replaced_by: null,
      can_approve: status === 'passed',
      approve_note: null,
      approve_mode: 'approve',
      request: null,
    },
  ],
  sheet: { slug: 'magazine-print-ads', title: 'Magazine print ads' },
  review: null,
  replaced_by: null,
  uploaded_by: null,
  comments: 0,
  can_delete: true,
  thumbnail_url: null,
  download_url: `/api/v1/files/${id}/download`,
  created_at: '2027-01-11T09:00:00.000Z',
});

interface Transfer {
  input: TransferInput;
  send: (event: UploadEvent) => void;
  stopped: boolean;
}

/**
 * Adapter (a) of the upload model: the real upload queue (with the real upload machine for each
 * file) and the real file actions machine for Approve, with a fake tus client, a fake server (what
 * it holds of each upload, the file's checks, the run's ad) and a simulated clock for the checks'
 * polling. The page's part is played as the order page plays it: a picked file is refused at once
 * with the contract's sentence, or added to the queue for the run. Each model state is checked on the
 * real actors' snapshots (through the selectors the page reads) and on the fake server.
 */
export class UploadWorld {
  private readonly clock = new SimulatedClock();
  private readonly transfers: Transfer[] = [];
  private readonly reads = heldCalls<[string], AdFile>();
  /** The bytes the server holds, per upload address, and the addresses it was told to drop. */
  private readonly received = new Map<string, number>();
  private readonly terminated: string[] = [];
  private readonly queue: Actor<typeof uploadQueueMachine>;
  /** The run's ad as the server (and so the order page) has it. */
  private ad: { state: 'missing' | 'attention' | 'ready' | 'approved'; file: AdFile | null } = {
    state: 'missing',
    file: null,
  };
  private refusal: string | null = null;
  private approval: Actor<typeof fileActionsMachine> | null = null;
  private uploads = 0;

  constructor(private readonly inspect?: (event: InspectionEvent) => void) {
    const transfer = fromCallback<UploadEvent, TransferInput>(({ input, sendBack }) => {
      const started: Transfer = { input, send: sendBack, stopped: false };
      this.transfers.push(started);
      return () => {
        started.stopped = true;
      };
    });
    const upload = uploadMachine.provide({
      actors: {
        transfer,
        fetchFile: fromPromise(({ input }) => this.reads.call(input.fileId)),
        terminate: fromPromise(async ({ input }) => {
          this.terminated.push(input.uploadUrl);
          this.received.delete(input.uploadUrl);
        }),
      },
    });
    this.queue = createActor(uploadQueueMachine.provide({ actors: { upload } }), {
      clock: this.clock,
      inspect,
    }).start();
  }

  private rows() {
    return this.queue.getSnapshot().context.uploads;
  }

  /** What the order page lists under the run: the uploads not yet over. */
  private listed() {
    return this.rows().filter(({ actor }) => actor.getSnapshot().status === 'active');
  }

  /** The one file on its way. */
  private row() {
    const rows = this.listed();
    if (rows.length !== 1) throw new Error(`Expected one upload listed, there are ${rows.length}`);
    const only = rows[0];
    if (!only) throw new Error('No upload listed');
    return { id: only.id, snapshot: only.actor.getSnapshot() };
  }

  /** The running tus client, with the address its upload has on the server. */
  private running() {
    const last = this.transfers.at(-1);
    if (!last || last.stopped) throw new Error('No upload is sending.');
    return last;
  }

  private urlOf(transfer: Transfer) {
    return transfer.input.uploadUrl ?? `/api/v1/uploads/u${this.uploads}`;
  }

  /** The page picks a file: refused at once with its sentence, or queued for the run. */
  private choose(file: UploadFileRef) {
    this.refusal = uploadRefusal(file);
    if (this.refusal) return;
    this.uploads += 1;
    this.queue.send({ type: 'files.add', files: [file], target: { order: ORDER, run: RUN } });
  }

  /** The tus client starts (or continues): the server says where the upload is and what it has. */
  private connect() {
    const transfer = this.running();
    const url = this.urlOf(transfer);
    if (!transfer.input.uploadUrl) transfer.send({ type: 'transfer.created', uploadUrl: url });
    const has = this.received.get(url) ?? 0;
    this.received.set(url, has);
    transfer.send({ type: 'transfer.progress', sent: has, total: transfer.input.file.size });
  }

  /** The server takes `bytes` more of the running upload (all of it, when that is what is left). */
  private receive(bytes: number) {
    const transfer = this.running();
    const url = this.urlOf(transfer);
    const size = transfer.input.file.size;
    const has = Math.min(size, (this.received.get(url) ?? 0) + bytes);
    this.received.set(url, has);
    transfer.send({ type: 'transfer.progress', sent: has, total: size });
    if (has === size) transfer.send({ type: 'transfer.done', fileId: url.split('/').pop() ?? '' });
  }

  /** The checks answer: once "still checking", then, a poll later, the verdict, which the run shows. */
  private async finishChecks(file: UploadFileRef, status: 'passed' | 'attention', checks: AdFile['checks']) {
    const asked = this.reads.calls.length;
    const fileId = this.reads.nth(asked - 1).args[0];
    this.reads.nth(asked - 1).answer(recordOf(fileId, file, 'checking', []));
    await flush();
    this.clock.increment(CHECK_POLL_MS);
    const verdict = recordOf(fileId, file, status, checks);
    this.reads.nth(asked).answer(verdict);
    await flush();
    this.ad = { state: status === 'passed' ? 'ready' : 'attention', file: verdict };
  }

  /** A whole upload in one go: picked, sent, checked. */
  private async sendWhole(file: UploadFileRef, status: 'passed' | 'attention', checks: AdFile['checks']) {
    this.choose(file);
    this.connect();
    this.receive(file.size);
    await this.finishChecks(file, status, checks);
  }

  private expect(condition: boolean, what: string) {
    if (!condition) {
      const rows = this.rows().map(({ actor }) => {
        const s = actor.getSnapshot();
        return `${s.context.file.name} ${selectUploadStage(s)} ${selectUploadPercent(s)}% ${s.context.error ?? ''}`;
      });
      throw new Error(`${what}; the run's ad is ${this.ad.state}, uploads: [${rows.join(', ')}]`);
    }
  }

  /** The row of the file on its way, at `stage`, with the progress the server has of it. */
  private expectRow(stage: 'uploading' | 'paused' | 'failed' | 'checking') {
    const { snapshot } = this.row();
    this.expect(selectUploadStage(snapshot) === stage, `Expected the upload ${stage}`);
    const url = snapshot.context.uploadUrl ?? '';
    const has = this.received.get(url) ?? 0;
    const percent = Math.floor((has / snapshot.context.total) * 100);
    this.expect(
      selectUploadPercent(snapshot) === percent,
      `Expected ${percent}% shown (what the server has)`,
    );
    this.expect(this.ad.state === 'missing', 'Expected the run still without a file');
    return snapshot;
  }

  private expectVerdict(stage: 'passed' | 'attention', ad: 'ready' | 'attention') {
    this.expect(this.ad.state === ad, `Expected the run's ad ${ad}`);
    const last = this.rows().at(-1)?.actor.getSnapshot();
    this.expect(
      last !== undefined && selectUploadStage(last) === stage,
      `Expected the upload's verdict ${stage}`,
    );
    this.expect(this.listed().length === 0, 'Expected nothing on its way any more');
    this.expect(this.refusal === null, 'Expected no refusal shown');
  }

  params(): ModelParams<typeof uploadModel> {
    return {
      states: {
        noFile: () => {
          this.expect(this.ad.state === 'missing', 'Expected the run without a file');
          this.expect(this.rows().length === 0, 'Expected nothing on its way');
          this.expect(this.refusal === null, 'Expected no refusal shown');
        },
        refused: () => {
          this.expect(
            /is not a file we can check/.test(this.refusal ?? ''),
            `Expected a refusal, got ${this.refusal}`,
          );
          this.expect(this.rows().length === 0, 'Expected nothing sent');
          this.expect(this.ad.state === 'missing', 'Expected the run without a file');
        },
        uploading: () => {
          const snapshot = this.expectRow('uploading');
          this.expect(selectCanPause(snapshot) && selectCanCancel(snapshot), 'Expected Pause and Cancel');
          this.expect(!this.running().stopped, 'Expected the tus client sending');
          this.expect(this.refusal === null, 'Expected no refusal shown');
        },
        paused: () => {
          const snapshot = this.expectRow('paused');
          this.expect(selectCanResume(snapshot) && selectCanCancel(snapshot), 'Expected Resume and Cancel');
          this.expect(
            this.transfers.every((t) => t.stopped),
            'Expected the tus client stopped',
          );
        },
        failed: () => {
          const snapshot = this.expectRow('failed');
          this.expect(
            snapshot.context.error === DROPPED,
            `Expected the reason shown, got ${snapshot.context.error}`,
          );
          this.expect(selectCanRetry(snapshot) && selectCanCancel(snapshot), 'Expected Retry and Cancel');
        },
        refusedByServer: () => {
          const { snapshot } = this.row();
          this.expect(selectUploadStage(snapshot) === 'failed', 'Expected the upload stopped');
          this.expect(
            snapshot.context.error === QUOTA_REFUSAL,
            `Expected the refusal shown, got ${snapshot.context.error}`,
          );
          this.expect(!selectCanRetry(snapshot), 'Expected no Retry after a refusal');
          this.expect(selectCanCancel(snapshot), 'Expected Cancel');
          this.expect(snapshot.context.uploadUrl === null, 'Expected no upload created on the server');
          this.expect(this.ad.state === 'missing', 'Expected the run still without a file');
        },
        checking: () => {
          const snapshot = this.expectRow('checking');
          this.expect(
            !selectCanPause(snapshot) && !selectCanCancel(snapshot) && !selectCanRetry(snapshot),
            'Expected nothing to press',
          );
          this.expect(this.reads.calls.length > 0, 'Expected the checks asked about');
        },
        needsAttention: () => this.expectVerdict('attention', 'attention'),
        passed: () => {
          this.expectVerdict('passed', 'ready');
          this.expect(this.ad.file?.runs[0]?.can_approve === true, 'Expected Approve offered');
        },
        approved: () => {
          this.expect(this.ad.state === 'approved', "Expected the run's ad approved");
          const approval = this.approval?.getSnapshot();
          this.expect(
            approval?.matches('idle') === true && approval.context.error === null,
            'Expected no error',
          );
        },
      },
      events: {
        'user.choosesFile': () => {
          this.choose(GOOD);
          this.connect();
        },
        'user.choosesUnacceptedFile': () => this.choose(WORD),
        'user.choosesFileOverQuota': () => {
          this.choose(OVER_QUOTA);
          this.running().send({ type: 'transfer.failed', message: QUOTA_REFUSAL, retryable: false });
        },
        'user.sendsArtworkWithProblems': () => this.sendWhole(RGB, 'attention', PROBLEMS),
        'user.sendsGoodArtwork': () => this.sendWhole(SMALL_GOOD, 'passed', []),
        'server.receivesPart': () => this.receive(CHUNK_BYTES),
        'server.receivesAll': () => this.receive(GOOD.size),
        'user.pauses': () => this.queue.send({ type: 'upload.pause', id: this.row().id }),
        'user.resumes': () => {
          this.queue.send({ type: 'upload.resume', id: this.row().id });
          this.connect();
        },
        'connection.drops': () =>
          this.running().send({ type: 'transfer.failed', message: DROPPED, retryable: true }),
        'user.retries': () => {
          this.queue.send({ type: 'upload.retry', id: this.row().id });
          this.connect();
        },
        'user.cancels': async () => {
          this.queue.send({ type: 'upload.cancel', id: this.row().id });
          await flush();
        },
        'server.finishesChecks': () => this.finishChecks(GOOD, 'passed', []),
        'user.approves': async () => {
          const file = this.ad.file;
          if (!file) throw new Error('No file to approve.');
          const approval = createActor(
            fileActionsMachine.provide({
              actors: {
                approve: fromPromise(async ({ input }) => {
                  if (input.id !== file.id) throw new Error('That file is not this run’s.');
                  this.ad = { state: 'approved', file };
                  return file;
                }),
              },
            }),
            { input: { id: file.id }, inspect: this.inspect },
          ).start();
          this.approval = approval;
          approval.send({ type: 'file.approve' });
          await flush();
        },
      },
    };
  }
}
