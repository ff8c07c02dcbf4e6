import type { Result } from '../api/result';

/**
 * How an API result becomes what a promise actor answers: its data, or a rejection the machine reads
 * (an Error whose message, or whose cause's, the person is shown).
 */

/** The data of a result, or an Error with the API's sentence (`fallback` when it gave none). */
export function dataOf<T>(result: Result<T>, fallback: string): T {
  if (result.ok) return result.data;
  throw new Error(result.message || fallback);
}

/** The data of a result, or an Error with `sentence` (SPEC section 8's wording) and the API's reason as its cause. */
export function dataOr<T>(result: Result<T>, sentence: string): T {
  if (result.ok) return result.data;
  throw new Error(sentence, { cause: { message: result.message } });
}

type Sentence<A extends unknown[]> = string | ((...args: A) => string);
const said = <A extends unknown[]>(sentence: Sentence<A>, args: A) =>
  typeof sentence === 'string' ? sentence : sentence(...args);

/** An adapter as a promise actor calls it: its data, or the API's sentence (`fallback` when none) as an Error. */
export const orApiSentence =
  <A extends unknown[], T>(call: (...args: A) => Promise<Result<T>>, fallback: Sentence<A>) =>
  async (...args: A): Promise<T> =>
    dataOf(await call(...args), said(fallback, args));

/** An adapter as a promise actor calls it: its data, or an Error with `sentence` and the API's reason as cause. */
export const orSentence =
  <A extends unknown[], T>(call: (...args: A) => Promise<Result<T>>, sentence: Sentence<A>) =>
  async (...args: A): Promise<T> =>
    dataOr(await call(...args), said(sentence, args));
