import { recordMail } from '../../data/outbox';
import type { Jobs } from '../../jobs/queue';
import type { Mail } from '../messages';
import { type MailDeps, transportOf } from '../send';

/**
 * Writes an event's e-mails and their sending jobs in one transaction. Each has its dedupe key, so a
 * composing job that runs again (it failed after writing, its lease ran out) writes nothing twice.
 */
export async function writeComposed(deps: Omit<MailDeps, 'jobs'> & { jobs: Jobs }, composed: Mail[]) {
  if (composed.length === 0) return;
  const goesOut = transportOf(deps) !== null;
  const now = deps.clock();
  await deps.jobs.inTransaction(deps.db, async (tx, send) => {
    for (const mail of composed) {
      const outboxId = await recordMail(tx, mail, now, goesOut ? 'sending' : 'kept');
      if (goesOut && outboxId !== null) await send('mail.send', { outboxId });
    }
  });
}

/** The dedupe key of one person's e-mail about an event. */
export const dedupeKeyOf = (eventKey: string, kind: Mail['kind'], to: string) => `${eventKey}:${kind}:${to}`;
