import net from 'node:net';
import type { Logger } from '../log';
import type { Exposition, MetricsJson } from '../metrics/exposition';
import { acceptWaitingThenClose, SHUTDOWN_GRACE_MS } from '../shutdown';
import { Connections } from './connections';
import { MetricsGathering } from './metricsGathering';
import { Places, SPARE_AFTER_MS } from './places';
import { isToSupervisor, type ToWorker } from './protocol';
import { RestartPace } from './restartPace';
import { forkServerProcess, type ServerProcessScript, type Worker } from './serverProcess';

/**
 * Keeps the server up. It owns the listening socket and hands each connection to a server process
 * (server/worker.ts), round robin. Beside them it keeps a spare, started and loaded but not serving:
 * when a server process dies (a crash, `kill -9`, the kernel's OOM killer) the spare takes its place
 * at once and another spare starts, and the connections that arrive meanwhile wait here, accepted but
 * unread, instead of being refused. On PostgreSQL it runs several server processes, and one that
 * crashes is replaced while it still finishes its answers; on the embedded database exactly one, which
 * owns the folder, so its replacement opens it only once it has gone.
 */

export interface SupervisorOptions extends ServerProcessScript {
  port: number;
  host: string;
  /** Server processes to keep serving. */
  processes: number;
  /** May a replacement start serving before the process it replaces has exited (PostgreSQL: yes)? */
  overlap: boolean;
  logger: Logger;
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
  private readonly connections = new Connections(
    () => this.readyWorkers(),
    () => this.stopping,
  );
  private accepted = 0;
  private stopping = false;
  private stopped: Promise<void> | null = null;
  private everReady = false;
  private readonly pace: RestartPace;
  private readonly places: Places;
  private allExited: (() => void) | null = null;
  private firstReady: { resolve(ready: Ready): void; reject(error: Error): void } | null = null;
  private readonly metrics: MetricsGathering;
  /** Server processes that ended unasked, so far. */
  restartCount = 0;

  constructor(private readonly options: SupervisorOptions) {
    this.pace = new RestartPace(options.logger);
    this.places = new Places({
      workers: this.workers,
      stopping: () => this.stopping,
      spawn: (role) => this.spawn(role),
      tell: (worker, message) => this.tell(worker, message),
      later: (start) => this.pace.later(start),
      logger: options.logger,
    });
    this.metrics = new MetricsGathering(
      () => this.readyWorkers().map((worker) => worker.child),
      options.logger,
    );
    this.listener = net.createServer({ pauseOnConnect: true }, (socket) => {
      this.accepted += 1;
      this.connections.dispatch({ socket, since: Date.now() });
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

  /** `index`: the place of one of the first server processes (one-off work of a start runs in the first). */
  private spawn(role: Worker['role'], index?: number): void {
    const worker = forkServerProcess(this.options, role, !this.everReady, index);
    const { child } = worker;
    this.workers.add(worker);
    child.on('message', (message) => {
      if (!isToSupervisor(message)) return;
      if (message.type === 'ready') this.onReady(worker, message);
      else if (message.type === 'prepared') this.onPrepared(worker);
      else if (message.type === 'took') this.onTook(worker, message.id);
      else if (message.type === 'metrics') this.metrics.received(message.id, message.json as MetricsJson);
      else if (message.type === 'metricsRequest') this.metrics.answer(child, message.id);
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
      this.places.keepSpare(0);
    } else {
      const took =
        worker.promotedAt === null
          ? `started in ${startedMs} ms`
          : `took over in ${Date.now() - worker.promotedAt} ms`;
      this.options.logger.info(
        { pid: worker.child.pid },
        `Server process ${worker.child.pid} is serving (${took}).`,
      );
      this.places.keepSpare(SPARE_AFTER_MS);
    }
    this.flushHeld();
  }

  private onPrepared(worker: Worker): void {
    worker.state = 'prepared';
    if (this.places.vacant === 0)
      this.options.logger.info(
        { pid: worker.child.pid },
        `Spare server process ${worker.child.pid} is ready to take over (prepared in ${Date.now() - worker.startedAt} ms).`,
      );
    this.places.fillVacancies();
  }

  private onStopping(worker: Worker, reason: string): void {
    if (worker.role === 'spare' || worker.state === 'stopping') return;
    worker.state = 'stopping';
    worker.reason = reason;
    // On PostgreSQL its replacement takes over now; on the embedded database once it has gone.
    if (this.options.overlap && !this.stopping) this.places.vacate();
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
    for (const held of untaken) if (!held.socket.destroyed) this.connections.dispatch(held);
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
    this.pace.ended(worker.startedAt);
    const who = worker.role === 'spare' ? 'The spare server process' : 'Server process';
    this.options.logger.error(
      { pid: worker.child.pid, code, signal },
      `${who} ${worker.child.pid} ended (${worker.reason ?? how})${worker.role === 'spare' ? '.' : ': another takes its place.'}`,
    );
    this.restartCount += 1;
    // A serving one replaced already (it said it was stopping, and another may serve beside it) leaves no place.
    if (worker.role === 'serving' && !(this.options.overlap && worker.reason !== null)) this.places.vacate();
    // A spare that ends while a place waits for it leaves the place to a new serving process.
    else if (this.places.vacant > 0) this.places.fillVacancies();
    else this.places.keepSpare(SPARE_AFTER_MS);
  }

  private readyWorkers(): Worker[] {
    return this.ofState('ready').filter((worker) => worker.child.connected);
  }

  private flushHeld(): void {
    const waiting = this.connections.takeHeld();
    if (waiting.length > 0)
      this.options.logger.debug(`Handing on ${waiting.length} connections that waited.`);
    for (const held of waiting) if (!held.socket.destroyed) this.connections.dispatch(held);
  }

  /**
   * Every serving process's metrics, summed (counters, histograms) or as each gauge says: the answer
   * to a scrape, on any process or on METRICS_PORT. A process that does not answer within
   * METRICS_WAIT_MS is left out of this scrape.
   */
  gatherMetrics(): Promise<Exposition> {
    return this.metrics.gather();
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
    this.pace.stop();
    this.places.stop();
    if (this.listener.listening) await acceptWaitingThenClose(this.listener, () => this.accepted);
    this.connections.stop();
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
