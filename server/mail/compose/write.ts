import type { Jobs } from '../../jobs/queue';
import type { Mail } from '../messages';
import { type MailDeps, transportOf, writeMail } from '../send';

/**
 * Writes an event's e-mails and their sending jobs in one transaction. Each has its dedupe key, so a
 * composing job that runs again (it failed after writing, its lease ran out) writes nothing twice.
 */
export async function writeComposed(deps: Omit<MailDeps, 'jobs'> & { jobs: Jobs }, composed: Mail[]) {
  if (composed.length === 0) return;
  const goesOut = transportOf(deps) !== null;
  const now = deps.clock();
  await deps.jobs.inTransaction(deps.db, async (tx, send) => {
    for (const mail of composed) await writeMail(tx, send, mail, now, goesOut);
  });
}

/** The dedupe key of one person's e-mail about an event. */
export const dedupeKeyOf = (eventKey: string, kind: Mail['kind'], to: string) => `${eventKey}:${kind}:${to}`;
