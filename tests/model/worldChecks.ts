import { isDeepStrictEqual } from 'node:util';
import { flush } from '../machines/sessionHarness';

/**
 * What the machine adapters of the flow models share: a state check that says what it saw, and a
 * settle that lets the promise actors the fakes answered finish.
 */

/** Throws `what: expected …, saw …` unless the two are deeply equal. */
export function expectSame(what: string, actual: unknown, expected: unknown) {
  if (!isDeepStrictEqual(actual, expected)) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, saw ${JSON.stringify(actual)}`);
  }
}

/** Lets the fakes' answers reach the actors (and the actors they start in turn). */
export async function settle() {
  await flush();
  await flush();
}
