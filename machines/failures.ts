/**
 * How the machines word a failure, in one place: the sentence of an error a person reads, and the
 * time a commit (an order placed, a placement booked, answers saved) may take before the page says
 * it had no answer.
 */

/** The sentence a person reads about a failure: the error's own, else what the caller says went wrong. */
export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;

/** The API's own sentence about a refused request (the adapters put the answer's message in the error's cause), or ''. */
export const apiReasonOf = (error: unknown): string => {
  const cause = error instanceof Error ? (error.cause as { message?: unknown } | undefined) : undefined;
  return typeof cause?.message === 'string' ? cause.message : '';
};

/** The API's own sentence about a refused request, else what the caller says went wrong. */
export const apiMessageOf = (error: unknown, fallback: string): string => apiReasonOf(error) || fallback;

/**
 * How long a commit may go unanswered before the page says so (the named delay `commitTimeout`): long
 * enough for a slow server, short enough that nobody waits on a spinner for good.
 */
export const COMMIT_TIMEOUT_MS = 30_000;

/** The fallback of most failures: nothing more precise is known (the request got no answer). */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Check your connection and try again.';

/**
 * A commit that got no answer in time, then what the person can do about it. The product's name is the
 * configured one (`config.productName`), which the machines receive through their input.
 */
export const notAnsweredInTime = (productName: string, whatNow: string): string =>
  `${productName} did not answer in time. ${whatNow}`;
