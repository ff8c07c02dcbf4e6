import { addDays } from 'date-fns';

/** Automatic payment tries an invoice this many times, then leaves it to Pay now. */
export const AUTO_ATTEMPTS = 3;

/**
 * When an invoice whose automatic charge failed is tried again: 3 days after the first failure, then
 * 7 days after it; after the third failure, never (null).
 */
export function nextAttemptAfter(attempts: number, firstFailure: Date): Date | null {
  if (attempts === 1) return addDays(firstFailure, 3);
  if (attempts === 2) return addDays(firstFailure, 7);
  return null;
}
