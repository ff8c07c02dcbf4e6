import { type ChildProcess, fork } from 'node:child_process';
import net, { type Socket } from 'node:net';
import type { Logger } from '../log';
import { aggregated, type Exposition, type MetricsJson } from '../metrics/exposition';
import { acceptWaitingThenClose, SHUTDOWN_GRACE_MS } from '../shutdown';
import { probeAnswer, readHead } from './heldProbes';
import {
  FIRST_START_ENV,
  isToSupervisor,
  SPARE_ENV,
  SUPERVISOR_COMMAND_ENV,
  SUPERVISOR_PID_ENV,
  type ToWorker,
  WORKER_INDEX_ENV,
} from './protocol';

/**
 * Keeps the server up. It owns the listening socket and hands each connection to a server process
 * (server/worker.ts), round robin. Beside them it keeps a spare, started and loaded but not serving:
 * when a server process dies (a crash, `kill -9`, the kernel's OOM killer) the spare takes its place
 * at once and another spare starts, and the connections that arrive meanwhile wait here, accepted but
 * unread, instead of being refused. On PostgreSQL it runs several server processes, and one that
 * crashes is replaced while it still finishes its answers; on the embedded database exactly one, which
 * owns the folder, so its replacement opens it only once it has gone.
 */

export interface SupervisorOptions {
  port: number;
  host: string;
  /** Server processes to keep serving. */
  processes: number;
  /** May a replacement start serving before the process it replaces has exited (PostgreSQL: yes)? */
  overlap: boolean;
  /** The server process's script, and the Node options it runs with (tsx's loader, for one). */
  script: string;
  execArgv: string[];
  env: NodeJS.ProcessEnv;
  /** How this supervisor was started, for messages that tell a person what to stop. */
  command: string;
  logger: Logger;
}

/** Connections held while no server process can take them, and for how long at most. */
const MOST_HELD = 1_000;
const HOLD_MS = 30_000;
/**
 * A new spare waits this long after a process took over or a spare ended: loading one takes a core
 * for a second or two, which the process that just took over needs for the requests that waited.
 */
const SPARE_AFTER_MS = 3_000;
/** How long a vacant place waits for a spare still loading before a serving process starts for it. */
const SPARE_WAIT_MS = 10_000;
/** A server process that ends within this long of starting is failing, not crashing now and then. */
const QUICK_FAILURE_MS = 10_000;
const LONGEST_BACKOFF_MS = 30_000;
/** How long the metrics wait for a server process's figures: a scrape answers without a stuck one's. */
const METRICS_WAIT_MS = 1_000;

interface Worker {
  child: ChildProcess;
  role: 'serving' | 'spare';
  state: 'starting' | 'prepared' | 'ready' | 'stopping';
  startedAt: number;
  /** When it was asked to take a place (a promoted spare). */
  promotedAt: number | null;
  /** What it said it is stopping for, when it stopped of its own accord. */
  reason: string | null;
  /** Connections sent to it that it has not said it took, by id. */
  sent: Map<number, Held>;
}

interface Held {
  socket: Socket;
  since: number;
  /** The bytes read from it while it was held (a probe is answered here), and how to stop reading. */
  head?: Buffer;
  stopPeeking?: () => void;
}

export interface Ready {
  port: number;
  database: string;
  startedMs: number;
  /** The back office's setup token of the first process to serve, while nobody has enrolled. */
  staffSetup: string | null;
}

export class Supervisor {
  private readonly listener: net.Server;
  private readonly workers = new Set<Worker>();
  private readonly held: Held[] = [];
  /** Places left by server processes that ended, not yet taken. */
  private vacancies = 0;
  private turn = 0;
  private nextId = 0;
  private accepted = 0;
  private stopping = false;
  private stopped: Promise<void> | null = null;
  private everReady = false;
  /** Quick failures in a row, for the pause before the next start. */
  private failures = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private holdTimer: NodeJS.Timeout | null = null;
  private spareTimer: NodeJS.Timeout | null = null;
  private spareWait: NodeJS.Timeout | null = null;
  private allExited: (() => void) | null = null;
  private firstReady: { resolve(ready: Ready): void; reject(error: Error): void } | null = null;
  /** Metrics asked of the server processes, by id: each answer is given to its gatherer. */
  private readonly metricsAsked = new Map<number, (json: MetricsJson) => void>();
  private nextMetricsId = 0;
  /** Server processes that ended unasked, so far. */
  restartCount = 0;

  constructor(private readonly options: SupervisorOptions) {
    this.listener = net.createServer({ pauseOnConnect: true }, (socket) => {
      this.accepted += 1;
      this.dispatch({ socket, since: Date.now() });
    });
  }

  /**
   * Listens, then starts the server processes; resolves once the first serves. Connections that come
   * meanwhile wait (a load balancer's probes are answered: alive, not ready).
   */
  start(): Promise<Ready> {
    return new Promise<Ready>((resolve, reject) => {
      this.firstReady = { resolve, reject };
      this.listener.once('error', (error: NodeJS.ErrnoException) => {
        this.firstReady?.reject(error);
        this.firstReady = null;
      });
      this.listener.listen(this.options.port, this.options.host, () => {
        for (let i = 0; i < this.options.processes; i++) this.spawn('serving', i);
      });
    });
  }

  /** The port it listens on (the one asked for, or the one the system gave for 0). */
  private get port(): number {
    const address = this.listener.address();
    return typeof address === 'object' && address ? address.port : this.options.port;
  }

  /** Server processes serving now. */
  get serving(): number {
    return this.ofState('ready').length;
  }

  private ofState(state: Worker['state']): Worker[] {
    return [...this.workers].filter((worker) => worker.state === state);
  }

  private get spare(): Worker | undefined {
    return [...this.workers].find((worker) => worker.role === 'spare');
  }

  /** `index`: the place of one of the first server processes (one-off work of a start runs in the first). */
  private spawn(role: Worker['role'], index?: number): void {
    const child = fork(this.options.script, [], {
      execArgv: this.options.execArgv,
      env: {
        ...this.options.env,
        [SUPERVISOR_PID_ENV]: String(process.pid),
        [SUPERVISOR_COMMAND_ENV]: this.options.command,
        [FIRST_START_ENV]: this.everReady ? '0' : '1',
        [SPARE_ENV]: role === 'spare' ? '1' : '0',
        [WORKER_INDEX_ENV]: index === undefined ? '' : String(index),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'json',
    });
    const worker: Worker = {
      child,
      role,
      state: 'starting',
      startedAt: Date.now(),
      promotedAt: null,
      reason: null,
      sent: new Map(),
    };
    this.workers.add(worker);
    child.on('message', (message) => {
      if (!isToSupervisor(message)) return;
      if (message.type === 'ready') this.onReady(worker, message);
      else if (message.type === 'prepared') this.onPrepared(worker);
      else if (message.type === 'took') this.onTook(worker, message.id);
      else if (message.type === 'metrics') this.metricsAsked.get(message.id)?.(message.json as MetricsJson);
      else if (message.type === 'metricsRequest') this.answerMetrics(worker, message.id);
      else this.onStopping(worker, message.reason);
    });
    child.once('exit', (code, signal) => this.onExit(worker, code, signal));
  }

  private onReady(
    worker: Worker,
    { database, startedMs, staffSetup }: { database: string; startedMs: number; staffSetup: string | null },
  ): void {
    worker.state = 'ready';
    worker.role = 'serving';
    if (this.stopping) {
      this.flushHeld();
      this.tell(worker, { type: 'stop', signal: 'SIGTERM' });
      return;
    }
    if (!this.everReady) {
      this.everReady = true;
      this.firstReady?.resolve({ port: this.port, database, startedMs, staffSetup });
      this.firstReady = null;
      this.keepSpare(0);
    } else {
      const took =
        worker.promotedAt === null
          ? `started in ${startedMs} ms`
          : `took over in ${Date.now() - worker.promotedAt} ms`;
      this.options.logger.info(
        { pid: worker.child.pid },
        `Server process ${worker.child.pid} is serving (${took}).`,
      );
      this.keepSpare(SPARE_AFTER_MS);
    }
    this.flushHeld();
  }

  private onPrepared(worker: Worker): void {
    worker.state = 'prepared';
    if (this.vacancies === 0)
      this.options.logger.info(
        { pid: worker.child.pid },
        `Spare server process ${worker.child.pid} is ready to take over (prepared in ${Date.now() - worker.startedAt} ms).`,
      );
    this.fillVacancies();
  }

  private onStopping(worker: Worker, reason: string): void {
    if (worker.role === 'spare' || worker.state === 'stopping') return;
    worker.state = 'stopping';
    worker.reason = reason;
    // On PostgreSQL its replacement takes over now; on the embedded database once it has gone.
    if (this.options.overlap && !this.stopping) this.vacate();
  }

  /** It has its own copy of the connection now: this one's copy closes (the connection stays open). */
  private onTook(worker: Worker, id: number): void {
    worker.sent.get(id)?.socket.destroy();
    worker.sent.delete(id);
  }

  private onExit(worker: Worker, code: number | null, signal: NodeJS.Signals | null): void {
    this.workers.delete(worker);
    // Connections it never took (it died first) go to another: their requests are still unread.
    const untaken = [...worker.sent.values()];
    worker.sent.clear();
    for (const held of untaken) if (!held.socket.destroyed) this.dispatch(held);
    if (this.stopping) {
      if (this.workers.size === 0) this.allExited?.();
      return;
    }
    const how = signal ? `killed by ${signal}` : `exit code ${code}`;
    if (!this.everReady && worker.role === 'serving') {
      // It could not start (a setting, a database in use): starting it again would fail the same way.
      this.firstReady?.reject(new Error(`The server process ended before it was ready (${how}).`));
      this.firstReady = null;
      void this.stop('SIGTERM');
      return;
    }
    const quick = Date.now() - worker.startedAt < QUICK_FAILURE_MS;
    this.failures = quick ? this.failures + 1 : 0;
    const who = worker.role === 'spare' ? 'The spare server process' : 'Server process';
    this.options.logger.error(
      { pid: worker.child.pid, code, signal },
      `${who} ${worker.child.pid} ended (${worker.reason ?? how})${worker.role === 'spare' ? '.' : ': another takes its place.'}`,
    );
    this.restartCount += 1;
    // A serving one replaced already (it said it was stopping, and another may serve beside it) leaves no place.
    if (worker.role === 'serving' && !(this.options.overlap && worker.reason !== null)) this.vacate();
    // A spare that ends while a place waits for it leaves the place to a new serving process.
    else if (this.vacancies > 0) this.fillVacancies();
    else this.keepSpare(SPARE_AFTER_MS);
  }

  /** A serving process is gone or going: the spare takes its place, or a new one starts. */
  private vacate(): void {
    this.vacancies += 1;
    this.fillVacancies();
  }

  private fillVacancies(): void {
    while (this.vacancies > 0 && !this.stopping) {
      const spare = this.spare;
      // A spare still loading takes the place once it is prepared, unless it takes too long.
      if (spare && spare.state === 'starting') {
        this.awaitSpare();
        return;
      }
      this.vacancies -= 1;
      if (spare) {
        spare.role = 'serving';
        spare.state = 'starting';
        spare.promotedAt = Date.now();
        this.tell(spare, { type: 'promote' });
      } else {
        this.options.logger.info('No spare to take the vacant place: starting a server process for it.');
        this.later(() => this.spawn('serving'));
      }
    }
  }

  /**
   * A place waits for a spare still loading, for at most SPARE_WAIT_MS: past it (a spare stuck or
   * failing to load) a serving process starts for the place, and the spare stays a spare.
   */
  private awaitSpare(): void {
    if (this.spareWait) return;
    this.spareWait = setTimeout(() => {
      this.spareWait = null;
      if (this.stopping || this.vacancies === 0) return;
      if (this.spare?.state === 'starting') {
        this.options.logger.warn(
          'The spare is still loading: starting a server process for the vacant place.',
        );
        this.vacancies -= 1;
        this.spawn('serving');
      }
      this.fillVacancies();
    }, SPARE_WAIT_MS);
  }

  /** One spare beside the serving processes, `afterMs` after they serve. */
  private keepSpare(afterMs: number): void {
    if (this.stopping || this.spare || this.vacancies > 0 || this.spareTimer) return;
    if (this.ofState('ready').length === 0) return;
    this.spareTimer = setTimeout(() => {
      this.spareTimer = null;
      this.later(() => {
        if (!this.stopping && !this.spare) this.spawn('spare');
      });
    }, afterMs);
  }

  /** Runs `start` now, or after a pause that grows while processes keep failing quickly. */
  private later(start: () => void): void {
    const pause = this.failures < 3 ? 0 : Math.min(LONGEST_BACKOFF_MS, 250 * 2 ** (this.failures - 3));
    if (pause === 0) {
      start();
      return;
    }
    this.options.logger.warn(`Server processes keep failing: starting another in ${pause / 1000} s.`);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      start();
    }, pause);
    this.timers.add(timer);
  }

  private readyWorkers(): Worker[] {
    return this.ofState('ready').filter((worker) => worker.child.connected);
  }

  private dispatch(held: Held): void {
    const ready = this.readyWorkers();
    if (ready.length === 0) {
      this.hold(held);
      return;
    }
    const worker = ready[this.turn++ % ready.length] as Worker;
    const id = this.nextId++;
    held.stopPeeking?.();
    held.stopPeeking = undefined;
    const message: ToWorker = {
      type: 'connection',
      id,
      ...(held.head ? { head: held.head.toString('base64') } : {}),
    };
    // Kept open here until the server process says it took it: one that dies first (a handle sent to a
    // process that is gone is never closed by Node) leaves it to another, not to a client left waiting.
    worker.sent.set(id, held);
    worker.child.send(message, held.socket, { keepOpen: true }, (error) => {
      if (!error || !worker.sent.delete(id)) return;
      if (!held.socket.destroyed) this.hold(held);
    });
  }

  private hold(held: Held): void {
    this.held.push(held);
    while (this.held.length > MOST_HELD) this.held.shift()?.socket.destroy();
    this.holdTimer ??= setInterval(() => this.dropStale(), 1_000);
    if (!held.head && !held.stopPeeking && !this.stopping) this.peek(held);
  }

  /** Reads a held connection's first bytes: a probe is answered here, anything else waits with them. */
  private peek(held: Held): void {
    held.stopPeeking = readHead(held.socket, (head) => {
      held.stopPeeking = undefined;
      held.head = head;
      const answer = probeAnswer(head);
      if (answer === null) return;
      const at = this.held.indexOf(held);
      if (at >= 0) this.held.splice(at, 1);
      held.socket.end(answer, () => held.socket.destroy());
    });
  }

  private dropStale(): void {
    const now = Date.now();
    while (this.held.length > 0 && now - (this.held[0] as Held).since > HOLD_MS)
      this.held.shift()?.socket.destroy();
    if (this.held.length === 0 && this.holdTimer) {
      clearInterval(this.holdTimer);
      this.holdTimer = null;
    }
  }

  private flushHeld(): void {
    const waiting = this.held.splice(0);
    if (waiting.length > 0)
      this.options.logger.debug(`Handing on ${waiting.length} connections that waited.`);
    for (const held of waiting) if (!held.socket.destroyed) this.dispatch(held);
  }

  /**
   * Every serving process's metrics, summed (counters, histograms) or as each gauge says: the answer
   * to a scrape, on any process or on METRICS_PORT. A process that does not answer within
   * METRICS_WAIT_MS is left out of this scrape.
   */
  gatherMetrics(): Promise<Exposition> {
    const workers = this.readyWorkers();
    const id = this.nextMetricsId++;
    const figures: MetricsJson[] = [];
    return new Promise<MetricsJson[]>((resolve) => {
      let waiting = workers.length;
      const done = () => {
        clearTimeout(timer);
        this.metricsAsked.delete(id);
        resolve(figures);
      };
      const timer = setTimeout(done, METRICS_WAIT_MS);
      this.metricsAsked.set(id, (json) => {
        figures.push(json);
        waiting -= 1;
        if (waiting === 0) done();
      });
      if (waiting === 0) done();
      const message: ToWorker = { type: 'metrics', id };
      for (const worker of workers) worker.child.send(message, () => {});
    }).then(aggregated);
  }

  private answerMetrics(worker: Worker, id: number): void {
    void this.gatherMetrics().then(
      ({ text, contentType }) => {
        if (worker.child.connected)
          worker.child.send({ type: 'metricsAnswer', id, text, contentType }, () => {});
      },
      (error: unknown) => this.options.logger.error({ err: error }, 'the metrics could not be gathered'),
    );
  }

  private tell(worker: Worker, message: ToWorker): void {
    if (worker.child.connected) worker.child.send(message, (error) => error && worker.child.kill('SIGTERM'));
    else worker.child.kill('SIGTERM');
  }

  /**
   * Stops: accepts the connections the kernel holds, stops listening, tells every server process to
   * answer what it has and stop, and resolves once all have exited (killing any still there past the
   * grace and 10 s more).
   */
  stop(signal: NodeJS.Signals): Promise<void> {
    this.stopped ??= this.stopAll(signal);
    return this.stopped;
  }

  private async stopAll(signal: NodeJS.Signals): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers) clearTimeout(timer);
    if (this.spareTimer) clearTimeout(this.spareTimer);
    if (this.spareWait) clearTimeout(this.spareWait);
    if (this.listener.listening) await acceptWaitingThenClose(this.listener, () => this.accepted);
    if (this.readyWorkers().length === 0) for (const held of this.held.splice(0)) held.socket.destroy();
    for (const held of this.held) held.stopPeeking?.();
    if (this.holdTimer) clearInterval(this.holdTimer);
    const exited = new Promise<void>((resolve) => {
      this.allExited = resolve;
    });
    for (const worker of this.workers) {
      if (worker.state === 'ready') this.tell(worker, { type: 'stop', signal });
      else worker.child.kill('SIGTERM');
    }
    if (this.workers.size === 0) return;
    const late = setTimeout(() => {
      for (const worker of this.workers) worker.child.kill('SIGKILL');
    }, SHUTDOWN_GRACE_MS + 10_000);
    await exited;
    clearTimeout(late);
  }
}
