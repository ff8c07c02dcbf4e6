/** When an e-mail the sender could not deliver is tried again (server/mail/outboxWorker.ts). */

/**
 * The waits before each later round of an e-mail the sender could not deliver (after its own three
 * attempts): a minute, five, half an hour, two hours, six. Then it stays `failed`, with its error.
 */
export const RETRY_ROUNDS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;

/** Attempts the sender makes itself before the worker's rounds. */
export const SENDER_ATTEMPTS = 3;

/** When the e-mail is tried next after `attempts` in all, or null when it has had every round. */
export function nextAttemptAfter(attempts: number, now: Date): Date | null {
  const round = attempts - SENDER_ATTEMPTS;
  const wait = RETRY_ROUNDS_MS[Math.max(0, round)];
  return wait === undefined ? null : new Date(now.getTime() + wait);
}
