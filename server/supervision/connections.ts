import type { ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { probeAnswer, readHead } from './heldProbes';
import type { ToWorker } from './protocol';

/*
 * How the supervisor hands the connections it accepts on: round robin to the server processes
 * serving, and, while none can take them, held here (a load balancer's probe answered) until one can.
 * Its own file: the queue of held connections and its sweep are a concern apart from the places.
 */

/** Connections held while no server process can take them, and for how long at most. */
const MOST_HELD = 1_000;
const HOLD_MS = 30_000;

export interface Held {
  socket: Socket;
  since: number;
  /** The bytes read from it while it was held (a probe is answered here), and how to stop reading. */
  head?: Buffer;
  stopPeeking?: () => void;
}

/** A server process as a connection reaches it (serverProcess.ts's Worker). */
interface Taker {
  child: ChildProcess;
  /** Connections sent to it that it has not said it took, by id. */
  sent: Map<number, Held>;
}

export class Connections {
  private readonly held: Held[] = [];
  private turn = 0;
  private nextId = 0;
  private holdTimer: NodeJS.Timeout | null = null;

  /** `readyWorkers`: the processes that may take a connection now; `stopping`: held ones are no longer read. */
  constructor(
    private readonly readyWorkers: () => Taker[],
    private readonly stopping: () => boolean,
  ) {}

  dispatch(held: Held): void {
    const ready = this.readyWorkers();
    if (ready.length === 0) {
      this.hold(held);
      return;
    }
    const worker = ready[this.turn++ % ready.length] as Taker;
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
    if (!held.head && !held.stopPeeking && !this.stopping()) this.peek(held);
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

  /** The connections held so far, taken out of the queue (to be dispatched again). */
  takeHeld(): Held[] {
    return this.held.splice(0);
  }

  /**
   * On a stop: the held connections close if no process is left to take them, the others are no
   * longer read. The sweep ends and is not started again (the handle is kept), as the stop ends all.
   */
  stop(): void {
    if (this.readyWorkers().length === 0) for (const held of this.held.splice(0)) held.socket.destroy();
    for (const held of this.held) held.stopPeeking?.();
    if (this.holdTimer) clearInterval(this.holdTimer);
  }
}
