import type { Logger } from '../log';

/**
 * Stripe calls an applied event asks for once it is committed (make a saved card the default, detach
 * the one it replaced). The event is recorded by then, so Stripe's next delivery is a duplicate that
 * would never run them again: a failure is logged for an operator instead of failing the answer. None
 * of them is needed to charge the card (charges name it), so nothing waits on them.
 */
export async function runAfterCommit(work: (() => Promise<void>)[], logger: Logger): Promise<void> {
  for (const step of work) {
    try {
      await step();
    } catch (error) {
      logger.error({ err: error }, 'A Stripe call after a payment event failed; the card is saved here.');
    }
  }
}
