import type { Logger } from '../log';
import type { ToWorker } from './protocol';
import type { Worker } from './serverProcess';

/*
 * Who takes the place of a server process that ended or is ending: the spare, at once or once it
 * has loaded, else a new process; and the spare kept beside the serving processes. Its own file: the
 * policy of places, with its two timers, apart from the supervisor's handling of the processes' messages.
 */

/**
 * A new spare waits this long after a process took over or a spare ended: loading one takes a core
 * for a second or two, which the process that just took over needs for the requests that waited.
 */
export const SPARE_AFTER_MS = 3_000;
/** How long a vacant place waits for a spare still loading before a serving process starts for it. */
const SPARE_WAIT_MS = 10_000;

/** What the places need of the supervisor. */
interface PlacesHost {
  /** Its server processes, as they are now. */
  workers: ReadonlySet<Worker>;
  stopping(): boolean;
  spawn(role: Worker['role']): void;
  tell(worker: Worker, message: ToWorker): void;
  /** Starts now, or after the pause of the restart pace. */
  later(start: () => void): void;
  logger: Logger;
}

export class Places {
  /** Places left by server processes that ended, not yet taken. */
  private vacancies = 0;
  private spareTimer: NodeJS.Timeout | null = null;
  private spareWait: NodeJS.Timeout | null = null;

  constructor(private readonly host: PlacesHost) {}

  /** Places waiting for a process now. */
  get vacant(): number {
    return this.vacancies;
  }

  private get spare(): Worker | undefined {
    return [...this.host.workers].find((worker) => worker.role === 'spare');
  }

  /** A serving process is gone or going: the spare takes its place, or a new one starts. */
  vacate(): void {
    this.vacancies += 1;
    this.fillVacancies();
  }

  fillVacancies(): void {
    while (this.vacancies > 0 && !this.host.stopping()) {
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
        this.host.tell(spare, { type: 'promote' });
      } else {
        this.host.logger.info('No spare to take the vacant place: starting a server process for it.');
        this.host.later(() => this.host.spawn('serving'));
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
      if (this.host.stopping() || this.vacancies === 0) return;
      if (this.spare?.state === 'starting') {
        this.host.logger.warn('The spare is still loading: starting a server process for the vacant place.');
        this.vacancies -= 1;
        this.host.spawn('serving');
      }
      this.fillVacancies();
    }, SPARE_WAIT_MS);
  }

  /** One spare beside the serving processes, `afterMs` after they serve. */
  keepSpare(afterMs: number): void {
    if (this.host.stopping() || this.spare || this.vacancies > 0 || this.spareTimer) return;
    if ([...this.host.workers].filter((worker) => worker.state === 'ready').length === 0) return;
    this.spareTimer = setTimeout(() => {
      this.spareTimer = null;
      this.host.later(() => {
        if (!this.host.stopping() && !this.spare) this.host.spawn('spare');
      });
    }, afterMs);
  }

  /** On a stop: no spare starts and no place waits any more. */
  stop(): void {
    if (this.spareTimer) clearTimeout(this.spareTimer);
    if (this.spareWait) clearTimeout(this.spareWait);
  }
}
