import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/** Told how long a query took, in seconds, and whether it failed (the metrics' query durations). */
export type QueryObserver = (seconds: number, failed: boolean) => void;

/**
 * The observers of one database's queries. Neither driver says when a query ends, so each wraps the
 * methods drizzle (and pg-boss) call and tells these.
 */
export class QueryObservers {
  private readonly observers: QueryObserver[] = [];

  readonly add = (observer: QueryObserver): void => {
    this.observers.push(observer);
  };

  /** Tells every observer the time since `started` (a `performance.now()`). */
  ended(started: number, failed: boolean): void {
    if (this.observers.length === 0) return;
    const seconds = (performance.now() - started) / 1000;
    for (const observe of this.observers) observe(seconds, failed);
  }

  async time<T>(run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    let failed = true;
    try {
      const result = await run();
      failed = false;
      return result;
    } finally {
      this.ended(started, failed);
    }
  }
}

/**
 * Times a PGlite database's queries, those of its transactions too. The time includes waiting for a
 * transaction in progress to end: PGlite runs one thing at a time, so that wait is the query's cost.
 */
export function timePglite(client: PGlite, observers: QueryObservers): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = <T>(text: string, params?: unknown[], options?: QueryOptions) =>
    observers.time(() => query<T>(text, params, options));
  client.exec = (text: string, options?: QueryOptions) => observers.time(() => exec(text, options));
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => callback(timedTransaction(tx, observers)));
}

function timedTransaction(tx: Transaction, observers: QueryObservers): Transaction {
  const query = tx.query.bind(tx);
  const exec = tx.exec.bind(tx);
  tx.query = <T>(text: string, params?: unknown[], options?: QueryOptions) =>
    observers.time(() => query<T>(text, params, options));
  tx.exec = (text: string, options?: QueryOptions) => observers.time(() => exec(text, options));
  return tx;
}

/**
 * Times a PostgreSQL connection's queries: those with a callback (how pg-pool's `pool.query` calls
 * them) and those answering a promise (a transaction's client). A streamed query (a cursor) is not
 * timed: nothing here uses one.
 */
export function timePgClient(client: pg.ClientBase, observers: QueryObservers): void {
  const query = client.query;
  const timed = (...args: unknown[]): unknown => {
    const started = performance.now();
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, result: unknown) => {
        observers.ended(started, Boolean(error));
        callback(error, result);
      };
      return Reflect.apply(query, client, args);
    }
    const answer: unknown = Reflect.apply(query, client, args);
    if (answer instanceof Promise)
      answer.then(
        () => observers.ended(started, false),
        () => observers.ended(started, true),
      );
    return answer;
  };
  // pg's `query` has a dozen overloads no wrapper's type can match; the wrapper passes every
  // argument through unchanged, so the instance keeps the same behaviour under the same type.
  Object.defineProperty(client, 'query', { value: timed, writable: true, configurable: true });
}
