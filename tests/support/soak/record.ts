import { HttpFailure } from '../httpShop';

/**
 * What the soak's clients saw: every request with its kind, when it started and ended and how it
 * ended, and every write the server acknowledged, which must all be in the database at the end.
 */

export type Verdict =
  /** Answered as the client wanted. */
  | 'ok'
  /** A refusal the client expects (a wrong password's 401): the server doing its job. */
  | 'refused'
  /** Anything else: a 5xx, a refusal the client did not expect, no answer, an answer cut short. */
  | 'failed';

export interface Outcome {
  kind: string;
  /** `performance.now()` when the request was sent and when its answer (or failure) ended. */
  startedAt: number;
  endedAt: number;
  /**
   * The answer's status (a call that succeeded through `timed` is recorded as 200, whichever 2xx it
   * was); null when none arrived (a reset, a timeout, a refused connection).
   */
  status: number | null;
  verdict: Verdict;
  /** No answer, or one cut short: what a kill does to the requests its process had. */
  interrupted: boolean;
  /** For a failure: what went wrong, in a few words. */
  detail: string;
}

/** A file whose last PATCH the server acknowledged: the bytes it holds must be exactly these. */
export interface AcknowledgedFile {
  id: string;
  /** The offset the last 204 acknowledged. */
  bytes: number;
  /** SHA-256 (hex) of the first `bytes` bytes sent. */
  sha256: string;
  /**
   * Whether the last PATCH sent was acknowledged: then the store holds exactly these bytes; after a
   * PATCH cut short it holds them and may hold more.
   */
  exact: boolean;
  /**
   * Whether the server said it holds the whole file, by a PATCH's 204 or a HEAD's offset (an
   * abandoned upload stops half way): it must then be checked.
   */
  whole: boolean;
  /** The sign-in of its owner, to ask about its checks. */
  token: string;
}

/** A request is given up on after this long without its answer. */
export const REQUEST_TIMEOUT_MS = 30_000;

const detailOf = (error: unknown): string => {
  if (error instanceof HttpFailure) return error.message.slice(0, 300);
  if (error instanceof Error) {
    const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
    const code = typeof cause?.code === 'string' ? cause.code : null;
    if (error.name === 'TimeoutError') return `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`;
    return code ? `${error.message} (${code})` : error.message;
  }
  return String(error);
};

export class SoakRecord {
  readonly outcomes: Outcome[] = [];
  readonly accounts: string[] = [];
  readonly carts: string[] = [];
  readonly orders: string[] = [];
  readonly files = new Map<string, AcknowledgedFile>();

  add(outcome: Outcome): void {
    this.outcomes.push(outcome);
  }

  /**
   * Runs one request: its result, or null when it failed or was refused (the outcome says which).
   * An `HttpFailure` whose status is among `refusals` is a refusal the client expects.
   */
  async timed<T>(
    kind: string,
    request: () => Promise<T>,
    refusals: readonly number[] = [],
  ): Promise<T | null> {
    const startedAt = performance.now();
    try {
      const result = await request();
      const endedAt = performance.now();
      this.add({ kind, startedAt, endedAt, status: 200, verdict: 'ok', interrupted: false, detail: '' });
      return result;
    } catch (error) {
      const status = error instanceof HttpFailure ? error.status : null;
      const verdict = status !== null && refusals.includes(status) ? 'refused' : 'failed';
      const endedAt = performance.now();
      this.add({
        kind,
        startedAt,
        endedAt,
        status,
        verdict,
        interrupted: status === null,
        detail: detailOf(error),
      });
      return null;
    }
  }
}

/** A signal that gives up on a request after `REQUEST_TIMEOUT_MS`. */
export const timeout = () => AbortSignal.timeout(REQUEST_TIMEOUT_MS);
