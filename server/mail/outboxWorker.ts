import { claimRetry, dueForRetry, type OutboxRow, recordDelivery } from '../data/outbox';
import type { MailKind } from './messages';
import { nextAttemptAfter } from './retries';
import type { MailDeps } from './send';
import { smtpTransport } from './transport';

/** How often the worker looks for e-mails due again. */
export const WORKER_EVERY_MS = 30_000;

const BATCH = 20;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One round of the outbox worker: every unsent e-mail whose next attempt is due (a failure to try
 * again, or one left `sending` by a process that died) is claimed, so two replicas never send it
 * twice, and sent once more. Answers how many went out. Tests call it with a moved clock.
 */
export async function resendDue(deps: MailDeps): Promise<number> {
  const transport = deps.transport === undefined ? smtpTransport(deps.config) : deps.transport;
  if (!transport) return 0;
  let sent = 0;
  for (const row of await dueForRetry(deps.db, deps.clock(), BATCH)) {
    if (!(await claimRetry(deps.db, row, deps.clock()))) continue;
    const attempts = row.attempts + 1;
    try {
      await transport.send(mailOf(row));
      await recordDelivery(deps.db, row.id, { sentAt: deps.clock(), attempts });
      sent += 1;
    } catch (error) {
      const next = nextAttemptAfter(attempts, deps.clock());
      await recordDelivery(deps.db, row.id, {
        error: messageOf(error),
        attempts,
        final: true,
        nextAttemptAt: next,
      });
    }
  }
  return sent;
}

const mailOf = (row: OutboxRow) => ({
  to: row.toEmail,
  kind: row.kind as MailKind,
  subject: row.subject,
  body: row.body,
  link: row.link,
});

/** Runs `resendDue` every `everyMs` until stopped; a failed round is reported and the next goes on. */
export function startOutboxWorker(
  deps: MailDeps,
  report: (error: unknown) => void,
  everyMs = WORKER_EVERY_MS,
) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => resendDue(deps)).catch(report);
  }, everyMs);
  timer.unref();
  return {
    /** Stops the rounds and waits for the one under way. */
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
