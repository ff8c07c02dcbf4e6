import {
  type Actor,
  createActor,
  fromCallback,
  fromPromise,
  type InspectionEvent,
  SimulatedClock,
} from 'xstate';
import type { AdFile, AttachableRun } from '../../contract/adFiles';
import { fileActionsMachine, type RunsChoice } from '../../machines/upload/fileActions.machine';
import { CHECK_POLL_MS, type UploadEvent, uploadMachine } from '../../machines/upload/upload.machine';
import {
  selectCanCancel,
  selectCanRetry,
  selectUploadError,
  selectUploadStage,
} from '../../machines/upload/upload.selectors';
import type { TransferInput, UploadFileRef, UploadTarget } from '../../machines/upload/upload.types';
import { uploadQueueMachine } from '../../machines/upload/uploadQueue.machine';
import { offeredRuns } from '../../src/features/files/offeredRuns';
import { heldCalls } from '../machines/heldCalls';
import { flush } from '../machines/sessionHarness';
import type { attachManyModel } from './attachManyModel';
import type { ModelParams } from './modelKit';

const A = 'AD-27-000001';
const B = 'AD-27-000002';
const MAGAZINE = { slug: 'magazine-print-ads', title: 'Magazine print ads' };
const BILLBOARD = { slug: 'billboards', title: 'Billboards' };
const ARTWORK: UploadFileRef = { key: 'art', name: 'spring.jpg', size: 400_000, type: 'image/jpeg' };
/** The sentence the fetch layer gives a request that never got an answer. */
const NO_ANSWER = 'Something went wrong. Check your connection and try again.';
/** What the tus client reports of a 503 (src/system/uploads.ts: the server's sentence, retryable). */
const BUSY = 'The server is busy: try again in a minute.';
const SMALL_FOR_APRIL = [
  { name: 'size', result: 'failed' as const, message: 'The April issue’s page is taller: 10.5 in needed.' },
];

type RunState = 'missing' | 'checking' | 'passed' | 'attention';

/** One run of the company's orders, as the server has it. */
interface ServerRun {
  order: string;
  run: string;
  label: string;
  sheet: typeof MAGAZINE;
  file: string | null;
  state: RunState;
  checks: AdFile['checks'];
}

const keyOf = (order: string, run: string) => `${order} ${run}`;

/**
 * Adapter (a) of the attach-to-many model: the real upload queue and upload machines send one file
 * for several runs of order A (the target's `runs`, as the upload form's "Also use it for" makes it),
 * and the real file actions machine attaches it to the runs left, of order A and of order B (same
 * spec sheet), order by order, as "Use for every remaining run" and "Attach to runs" do. A fake server
 * holds each run's file and verdict, answers the tus client (refusing an upload for a run of another
 * sheet, as POST /uploads does), the checks' reads and each attach call. States are checked on the
 * real actors' snapshots and on the fake server's runs.
 */
export class AttachManyWorld {
  private readonly clock = new SimulatedClock();
  private readonly transfers: { input: TransferInput; send: (event: UploadEvent) => void }[] = [];
  private readonly reads = heldCalls<[string], AdFile>();
  private readonly attaches = heldCalls<[string, RunsChoice], AdFile>();
  /** The file actions' reads of a file checked again after an attach. */
  private readonly rereads = heldCalls<[string], AdFile>();
  private readonly queue: Actor<typeof uploadQueueMachine>;
  private readonly runs = new Map<string, ServerRun>();
  private actions: Actor<typeof fileActionsMachine> | null = null;
  /** How many times the file actions told the page to read its files again. */
  private changes = 0;
  private readonly fileId = 'f-spring';

  constructor(private readonly inspect?: (event: InspectionEvent) => void) {
    const add = (order: string, run: string, label: string, sheet = MAGAZINE) =>
      this.runs.set(keyOf(order, run), {
        order,
        run,
        label,
        sheet,
        file: null,
        state: 'missing',
        checks: [],
      });
    add(A, '2027/03', 'the March 2027 issue');
    add(A, '2027/04', 'the April 2027 issue');
    add(A, '2027/05', 'the May 2027 issue');
    add(A, '2027/09', 'the September 2027 poster', BILLBOARD);
    add(B, '2027/06', 'the June 2027 issue');
    const transfer = fromCallback<UploadEvent, TransferInput>(({ input, sendBack }) => {
      this.transfers.push({ input, send: sendBack });
    });
    const upload = uploadMachine.provide({
      actors: {
        transfer,
        fetchFile: fromPromise(({ input }) => this.reads.call(input.fileId)),
        terminate: fromPromise(async () => {}),
      },
    });
    this.queue = createActor(uploadQueueMachine.provide({ actors: { upload } }), {
      clock: this.clock,
      inspect,
    }).start();
  }

  private run(order: string, run: string) {
    const found = this.runs.get(keyOf(order, run));
    if (!found) throw new Error(`No run ${run} of ${order}`);
    return found;
  }

  /** The runs the file serves, as the server's answers list them. */
  private record(status: AdFile['status']): AdFile {
    const served = [...this.runs.values()].filter((r) => r.file === this.fileId);
    return {
      id: this.fileId,
      name: ARTWORK.name,
      status,
      format: 'jpeg',
      size: ARTWORK.size,
      size_formatted: '391 KB',
      checks: [],
      runs: served.map((r) => ({
        order: r.order,
        run: r.run,
        run_label: r.label,
        placement: 'City Magazine full page',
        ad_due: null,
        cancelled: false,
        status: r.state === 'missing' ? 'checking' : r.state,
        checks: r.checks,
        approved: null,
        replaced_by: null,
        can_approve: r.state === 'passed',
        approve_note: null,
        approve_mode: 'approve',
        request: null,
      })),
      sheet: MAGAZINE,
      review: null,
      replaced_by: null,
      uploaded_by: null,
      comments: 0,
      can_delete: true,
      thumbnail_url: null,
      download_url: `/api/v1/files/${this.fileId}/download`,
      created_at: '2027-01-11T09:00:00.000Z',
    };
  }

  /** The upload form's "Also use it for": order A's other runs, as UploadPanel offers them. */
  private send(runs: readonly string[]) {
    const [first = '2027/03', ...also] = runs;
    const target: UploadTarget = { order: A, run: first, ...(also.length > 0 ? { runs } : {}) };
    this.queue.send({ type: 'files.add', files: [ARTWORK], target });
  }

  /**
   * The server's side of the tus creation: every run named must take the first run's sheet (as
   * server/files/runTargets.ts says), or the whole upload is refused with the reason; else it takes
   * the bytes and the runs wait for the checks.
   */
  private async answerTransfer() {
    const transfer = this.transfers.at(-1);
    if (!transfer) throw new Error('No upload is sending.');
    const { target } = transfer.input;
    if (!('order' in target)) throw new Error('Expected an upload for an order.');
    const runs = (target.runs ?? [target.run ?? '']).map((run) => this.run(target.order, run));
    const sheet = runs[0]?.sheet;
    const other = runs.find((r) => r.sheet !== sheet);
    if (other && sheet) {
      transfer.send({
        type: 'transfer.failed',
        message: `${other.label} takes the spec sheet ${other.sheet.title}, not ${sheet.title}: attach it in a separate step.`,
        retryable: false,
      });
      return;
    }
    transfer.send({ type: 'transfer.created', uploadUrl: `/api/v1/uploads/${this.fileId}` });
    transfer.send({ type: 'transfer.progress', sent: ARTWORK.size, total: ARTWORK.size });
    for (const r of runs) Object.assign(r, { file: this.fileId, state: 'checking' });
    transfer.send({ type: 'transfer.done', fileId: this.fileId });
    await flush();
  }

  /** The checks: "still checking" once, then, a poll later, each run's verdict. */
  private async finishChecks(april: RunState, checks: AdFile['checks']) {
    this.reads.nth(0).answer(this.record('checking'));
    await flush();
    Object.assign(this.run(A, '2027/03'), { state: 'passed' });
    Object.assign(this.run(A, '2027/04'), { state: april, checks });
    this.clock.increment(CHECK_POLL_MS);
    // The file's own verdict is its first run's; a run with another trim has its own (server/files/checking.ts).
    this.reads.nth(1).answer(this.record('passed'));
    await flush();
  }

  /**
   * The runs the file could serve too, as the product chooses them (offeredRuns, what "Attach to runs"
   * offers): from every open run of the company, as the server lists them, and the file as read now.
   * By order, as the page sends them.
   */
  private remaining(): RunsChoice[] {
    const listed: AttachableRun[] = [...this.runs.values()].map((r) => ({
      order: r.order,
      run: r.run,
      run_label: r.label,
      placement: 'City Magazine full page',
      sheet: r.sheet.slug,
      ad_due: { date: '2027-02-15', days_left: 79 },
    }));
    const byOrder = new Map<string, string[]>();
    for (const r of offeredRuns(listed, this.record('passed')))
      byOrder.set(r.order, [...(byOrder.get(r.order) ?? []), r.run]);
    return [...byOrder].map(([order, runs]) => ({ order, runs }));
  }

  private attach() {
    this.actions?.send({ type: 'file.attach', to: this.remaining() });
  }

  /**
   * The server takes (or, with `refusal`, refuses) the attach call `index` (one order's runs); with
   * `checkAgain`, the runs' placement has another trim and the file is checked again for them.
   */
  private async answerAttach(index: number, refusal?: Error, checkAgain = false) {
    const call = this.attaches.nth(index);
    if (refusal) call.fail(refusal);
    else {
      const state = checkAgain ? 'checking' : 'passed';
      for (const run of call.args[1].runs)
        Object.assign(this.run(call.args[1].order, run), { file: this.fileId, state });
      call.answer(this.record(state));
    }
    await flush();
  }

  private upload() {
    const rows = this.queue.getSnapshot().context.uploads;
    const only = rows[0];
    if (rows.length !== 1 || !only) throw new Error(`Expected one upload, there are ${rows.length}`);
    return only.actor.getSnapshot();
  }

  private expect(condition: boolean, what: string) {
    if (!condition) {
      const runs = [...this.runs.values()].map((r) => `${r.order} ${r.run} ${r.state}`).join(', ');
      throw new Error(`${what}; the runs: [${runs}]`);
    }
  }

  /**
   * The runs (`order run`) that show the file, with `state`; every other run, but those the caller
   * checks itself (`apart`), has no file.
   */
  private expectRuns(state: RunState, served: readonly string[], apart: readonly string[] = []) {
    for (const r of this.runs.values()) {
      const key = keyOf(r.order, r.run);
      if (apart.includes(key)) continue;
      if (served.includes(key))
        this.expect(r.file === this.fileId && r.state === state, `Expected ${key} ${state} with the file`);
      else if (r.state !== 'passed' && r.state !== 'attention')
        this.expect(r.file === null && r.state === 'missing', `Expected ${key} without a file`);
    }
  }

  private expectReport(error: string | null) {
    const snapshot = this.actions?.getSnapshot();
    this.expect(snapshot?.matches('idle') === true, 'Expected the file actions idle');
    this.expect(
      snapshot?.context.error === error,
      `Expected the report ${JSON.stringify(error)}, got ${JSON.stringify(snapshot?.context.error)}`,
    );
  }

  private readonly picked = [keyOf(A, '2027/03'), keyOf(A, '2027/04')];
  private readonly every = [...this.picked, keyOf(A, '2027/05'), keyOf(B, '2027/06')];

  params(): ModelParams<typeof attachManyModel> {
    return {
      states: {
        noFile: () => {
          this.expectRuns('missing', []);
          this.expect(this.queue.getSnapshot().context.uploads.length === 0, 'Expected nothing on its way');
        },
        refused: () => {
          const snapshot = this.upload();
          this.expect(selectUploadStage(snapshot) === 'failed', 'Expected the upload stopped');
          this.expect(
            /September 2027 poster takes the spec sheet Billboards/.test(selectUploadError(snapshot) ?? ''),
            `Expected the run and the reason named, got ${selectUploadError(snapshot)}`,
          );
          this.expect(selectCanCancel(snapshot), 'Expected Cancel');
          this.expect(!selectCanRetry(snapshot), 'Expected no Retry: the same upload would be refused again');
          this.expectRuns('missing', []);
        },
        stopped: () => {
          const snapshot = this.upload();
          this.expect(selectUploadStage(snapshot) === 'failed', 'Expected the upload stopped');
          this.expect(
            selectUploadError(snapshot) === BUSY,
            `Expected the sentence, got ${selectUploadError(snapshot)}`,
          );
          this.expect(selectCanRetry(snapshot) && selectCanCancel(snapshot), 'Expected Retry and Cancel');
          this.expectRuns('missing', []);
        },
        checking: () => {
          const snapshot = this.upload();
          this.expect(selectUploadStage(snapshot) === 'checking', 'Expected the upload checking');
          this.expect(!selectCanRetry(snapshot) && !selectCanCancel(snapshot), 'Expected nothing to press');
          const target = this.transfers.at(-1)?.input.target;
          this.expect(
            JSON.stringify(target) ===
              JSON.stringify({ order: A, run: '2027/03', runs: ['2027/03', '2027/04'] }),
            `Expected the upload sent for both runs, got ${JSON.stringify(target)}`,
          );
          this.expectRuns('checking', this.picked);
        },
        verdictsByRun: () => {
          const snapshot = this.upload();
          this.expect(selectUploadStage(snapshot) === 'passed', "Expected the file's own verdict passed");
          const verdicts = snapshot.context.record?.runs.map(
            (r) => `${r.run} ${r.status} ${r.checks.length}`,
          );
          this.expect(
            JSON.stringify(verdicts) === JSON.stringify(['2027/03 passed 0', '2027/04 attention 1']),
            `Expected each run's own verdict kept, got ${JSON.stringify(verdicts)}`,
          );
          this.expectRuns('passed', [this.picked[0] ?? '']);
          this.expect(this.run(A, '2027/04').state === 'attention', 'Expected April with a check to fix');
        },
        servesPicked: () => {
          const snapshot = this.upload();
          this.expect(selectUploadStage(snapshot) === 'passed', 'Expected the upload passed');
          this.expect(
            snapshot.context.record?.runs.every((r) => r.status === 'passed' && r.can_approve) === true,
            'Expected each run picked passed, Approve offered',
          );
          this.expectRuns('passed', this.picked);
          this.expect(this.remaining().length === 2, 'Expected the runs left of both orders offered');
        },
        attaching: () => {
          this.expect(this.actions?.getSnapshot().matches('attaching') === true, 'Expected "Attaching…"');
          this.expect(
            JSON.stringify(this.attaches.asked()) ===
              JSON.stringify([[this.fileId, { order: A, runs: ['2027/05'] }]]),
            `Expected order A asked first, alone, got ${JSON.stringify(this.attaches.asked())}`,
          );
          this.expectRuns('passed', this.picked);
        },
        checkingAgain: () => {
          const snapshot = this.actions?.getSnapshot();
          this.expect(
            snapshot?.matches('watchingChecks') === true,
            'Expected the file watched while checked again',
          );
          this.expect(snapshot?.context.error === null, 'Expected nothing reported');
          this.expectRuns('passed', [...this.picked, keyOf(A, '2027/05')], [keyOf(B, '2027/06')]);
          this.expect(this.run(B, '2027/06').state === 'checking', "Expected order B's run checked again");
          this.expect(this.changes === 1, 'Expected the page told to read again once');
        },
        partlyAttached: () => {
          this.expectReport(
            `Attached to ${A} (1 run). Not attached to ${B}: The ad for the June 2027 issue is due already.`,
          );
          this.expectRuns('passed', [...this.picked, keyOf(A, '2027/05')]);
          this.expect(
            JSON.stringify(this.remaining()) === JSON.stringify([{ order: B, runs: ['2027/06'] }]),
            'Expected only the refused run still offered',
          );
          this.expect(this.changes === 1, 'Expected the page told to read again once');
        },
        notAttached: () => {
          this.expectReport(`Not attached to ${A}: ${NO_ANSWER} Not attached to ${B}: ${NO_ANSWER}`);
          this.expectRuns('passed', this.picked);
          this.expect(this.remaining().length === 2, 'Expected every run left still offered');
          this.expect(this.changes === 0, 'Expected nothing to read again');
        },
        servesEveryRun: () => {
          this.expectReport(null);
          this.expectRuns('passed', this.every);
          this.expect(this.remaining().length === 0, 'Expected nothing offered any more');
          this.expect(this.changes >= 1, 'Expected the page told to read again');
        },
      },
      events: {
        'user.sendsForSeveralRuns': async () => {
          this.send(['2027/03', '2027/04']);
          await this.answerTransfer();
        },
        'user.sendsForARunOfAnotherSheet': async () => {
          this.send(['2027/03', '2027/09']);
          await this.answerTransfer();
        },
        'user.sendsWhileTheServerIsBusy': () => {
          this.send(['2027/03', '2027/04']);
          this.transfers.at(-1)?.send({ type: 'transfer.failed', message: BUSY, retryable: true });
        },
        'user.retries': async () => {
          this.queue.send({
            type: 'upload.retry',
            id: this.queue.getSnapshot().context.uploads[0]?.id ?? '',
          });
          await this.answerTransfer();
        },
        'user.cancels': async () => {
          const id = this.queue.getSnapshot().context.uploads[0]?.id ?? '';
          this.queue.send({ type: 'upload.cancel', id });
          await flush();
        },
        'server.passesEveryRun': () => this.finishChecks('passed', []),
        'server.findsAProblemForOneRun': () => this.finishChecks('attention', SMALL_FOR_APRIL),
        'user.usesForEveryRemainingRun': () => {
          this.actions = createActor(
            fileActionsMachine.provide({
              actors: {
                attach: fromPromise(({ input }) => this.attaches.call(input.id, input.to)),
                fetchFile: fromPromise(({ input }) => this.rereads.call(input.id)),
              },
              actions: {
                changed: () => {
                  this.changes += 1;
                },
              },
            }),
            { input: { id: this.fileId }, clock: this.clock, inspect: this.inspect },
          ).start();
          this.attach();
        },
        'server.attachesEveryRun': async () => {
          await this.answerAttach(0);
          await this.answerAttach(1);
        },
        'server.attachesOneOrderToCheckAgain': async () => {
          await this.answerAttach(0);
          await this.answerAttach(1, undefined, true);
        },
        'server.finishesCheckingAgain': async () => {
          this.clock.increment(CHECK_POLL_MS);
          Object.assign(this.run(B, '2027/06'), { state: 'passed' });
          this.rereads.nth(0).answer(this.record('passed'));
          await flush();
        },
        'server.refusesOneOrder': async () => {
          await this.answerAttach(0);
          await this.answerAttach(1, new Error('The ad for the June 2027 issue is due already.'));
        },
        'connection.drops': async () => {
          await this.answerAttach(0, new TypeError(''));
          await this.answerAttach(1, new TypeError(''));
        },
        'user.attachesTheRefusedAgain': async () => {
          const before = this.attaches.calls.length;
          this.attach();
          this.expect(
            JSON.stringify(this.attaches.asked().slice(before)) ===
              JSON.stringify([[this.fileId, { order: B, runs: ['2027/06'] }]]),
            'Expected only the refused order asked again',
          );
          await this.answerAttach(before);
        },
        'user.triesAgain': async () => {
          const before = this.attaches.calls.length;
          this.attach();
          await this.answerAttach(before);
          await this.answerAttach(before + 1);
        },
      },
    };
  }
}
