import type { ChildProcess } from 'node:child_process';
import type { Logger } from '../log';
import { aggregated, type Exposition, type MetricsJson } from '../metrics/exposition';
import type { ToWorker } from './protocol';

/*
 * The supervisor's side of the metrics: it asks every serving process for its figures and sums them,
 * for a scrape of METRICS_PORT or of any one process. Its own file: a request and answer over IPC
 * with its own ids and deadline, apart from keeping the processes up.
 */

/** How long the metrics wait for a server process's figures: a scrape answers without a stuck one's. */
const METRICS_WAIT_MS = 1_000;

export class MetricsGathering {
  /** Metrics asked of the server processes, by id: each answer is given to its gatherer. */
  private readonly asked = new Map<number, (json: MetricsJson) => void>();
  private nextId = 0;

  /** `serving`: the processes to ask now. */
  constructor(
    private readonly serving: () => ChildProcess[],
    private readonly logger: Logger,
  ) {}

  /** A server process's figures, for the gathering that asked for them with `id`. */
  received(id: number, json: MetricsJson): void {
    this.asked.get(id)?.(json);
  }

  /**
   * Every serving process's metrics, summed (counters, histograms) or as each gauge says. A process
   * that does not answer within METRICS_WAIT_MS is left out of this scrape.
   */
  gather(): Promise<Exposition> {
    const children = this.serving();
    const id = this.nextId++;
    const figures: MetricsJson[] = [];
    return new Promise<MetricsJson[]>((resolve) => {
      let waiting = children.length;
      const done = () => {
        clearTimeout(timer);
        this.asked.delete(id);
        resolve(figures);
      };
      const timer = setTimeout(done, METRICS_WAIT_MS);
      this.asked.set(id, (json) => {
        figures.push(json);
        waiting -= 1;
        if (waiting === 0) done();
      });
      if (waiting === 0) done();
      const message: ToWorker = { type: 'metrics', id };
      for (const child of children) child.send(message, () => {});
    }).then(aggregated);
  }

  /** A scrape that reached server process `child`: it gets every process's figures, with its `id`. */
  answer(child: ChildProcess, id: number): void {
    void this.gather().then(
      ({ text, contentType }) => {
        if (child.connected) child.send({ type: 'metricsAnswer', id, text, contentType }, () => {});
      },
      (error: unknown) => this.logger.error({ err: error }, 'the metrics could not be gathered'),
    );
  }
}
