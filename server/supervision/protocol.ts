/**
 * What the supervisor (server/main.ts) and its server processes (server/worker.ts) say to each other
 * over the IPC channel. Connections travel as the handle sent with a `connection` message.
 */

/** Set in a server process's environment by its supervisor. */
export const SUPERVISOR_PID_ENV = 'ADLANE_SUPERVISOR_PID';
/** How the supervisor was started (`server/main.ts`), to name it to whoever must stop it. */
export const SUPERVISOR_COMMAND_ENV = 'ADLANE_SUPERVISOR_COMMAND';
/** The place of one of the supervisor's first server processes (`0` is the first; empty for later ones), for operators and tests to tell them apart. */
export const WORKER_INDEX_ENV = 'ADLANE_WORKER_INDEX';
/**
 * `1` for the supervisor's first server processes, which bring the database up to date (seed, syncs);
 * the ones that replace them later find it done.
 */
export const FIRST_START_ENV = 'ADLANE_FIRST_START';
/**
 * `1` for a spare: it loads what it can without serving (and, on the embedded database, without
 * opening it, which its owner holds), says `prepared`, and waits to be promoted into a vacant place.
 */
export const SPARE_ENV = 'ADLANE_SPARE';

export type ToWorker =
  /**
   * Serve the connection sent with this message (and say `took` with its id first). `head`: the
   * bytes the supervisor read from it already (base64), to be read first.
   */
  | { type: 'connection'; id: number; head?: string }
  /** Stop as on this signal: answer what is in flight, then exit 0. */
  | { type: 'stop'; signal: NodeJS.Signals }
  /** (To a spare.) Take a server process's place: open what is left to open, and serve. */
  | { type: 'promote' }
  /** Send this process's metrics (prom-client's JSON) back with this id. */
  | { type: 'metrics'; id: number }
  /** The answer to a `metricsRequest`: every server process's metrics, summed. */
  | { type: 'metricsAnswer'; id: number; text: string; contentType: string };

export type ToSupervisor =
  /**
   * Serving: send connections. `database` names it for the ready line; `startedMs` is its start;
   * `staffSetup` the back office's setup token while nobody has enrolled (issue 31), else null.
   */
  | { type: 'ready'; database: string; startedMs: number; staffSetup: string | null }
  /** Stopping of its own accord (a crash, a SIGTERM sent to it alone): send it no more connections. */
  | { type: 'stopping'; reason: string }
  /** (From a spare.) Prepared: it can take a place at once. */
  | { type: 'prepared' }
  /** It has the connection of this id: the supervisor may let go of its own. */
  | { type: 'took'; id: number }
  /** Its metrics, asked for with this id (prom-client's `getMetricsAsJSON`). */
  | { type: 'metrics'; id: number; json: unknown[] }
  /** A client asked it for the metrics: the supervisor gathers every process's and answers with this id. */
  | { type: 'metricsRequest'; id: number };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export function isToWorker(message: unknown): message is ToWorker {
  if (!isObject(message)) return false;
  if (message.type === 'connection')
    return typeof message.id === 'number' && (message.head === undefined || typeof message.head === 'string');
  if (message.type === 'metrics') return typeof message.id === 'number';
  if (message.type === 'metricsAnswer')
    return (
      typeof message.id === 'number' &&
      typeof message.text === 'string' &&
      typeof message.contentType === 'string'
    );
  return message.type === 'promote' || (message.type === 'stop' && typeof message.signal === 'string');
}

export function isToSupervisor(message: unknown): message is ToSupervisor {
  if (!isObject(message)) return false;
  if (message.type === 'ready')
    return (
      typeof message.database === 'string' &&
      typeof message.startedMs === 'number' &&
      (message.staffSetup === null || typeof message.staffSetup === 'string')
    );
  if (message.type === 'stopping') return typeof message.reason === 'string';
  if (message.type === 'took' || message.type === 'metricsRequest') return typeof message.id === 'number';
  if (message.type === 'metrics') return typeof message.id === 'number' && Array.isArray(message.json);
  return message.type === 'prepared';
}

/**
 * Whether this process was started by a supervisor that sends it connections: it has the IPC channel
 * and the supervisor's mark, even if the supervisor has died since (it then stops, never serving alone).
 */
export const isSupervised = () =>
  typeof process.send === 'function' && (process.env[SUPERVISOR_PID_ENV] ?? '') !== '';
