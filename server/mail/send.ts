import type { ServerConfig } from '../config';
import { recordMail } from '../data/outbox';
import type { Db } from '../db/client';
import type { Jobs, SendInTransaction } from '../jobs/queue';
import type { Mail } from './messages';
import { type MailTransport, smtpTransport } from './transport';

export interface MailDeps {
  db: Db;
  config: ServerConfig;
  clock: () => Date;
  /** The transport to use instead of the configured one (tests). */
  transport?: MailTransport | null;
  /** Where the e-mail's sending is queued. */
  jobs: Jobs;
}

/** The transport e-mails go out through, or null when they stay in the outbox (no SMTP_URL). */
export const transportOf = (deps: Pick<MailDeps, 'config' | 'transport'>) =>
  deps.transport === undefined ? smtpTransport(deps.config) : deps.transport;

/**
 * Sends an e-mail through SMTP when `SMTP_URL` is set, else keeps it in the outbox (development).
 * Every e-mail is a row first, so none is lost without a trace; the row and its `mail.send` job are
 * written in one transaction, and the queue tries it until it goes out or its last attempt fails
 * (server/mail/deliver.ts). Nothing here waits for the SMTP server.
 */
export async function sendMail(deps: MailDeps, mail: Mail): Promise<void> {
  const goesOut = transportOf(deps) !== null;
  await deps.jobs.inTransaction(deps.db, (tx, send) => writeMail(tx, send, mail, deps.clock(), goesOut));
}

/**
 * Writes an e-mail to the outbox in a transaction of `inTransaction` and, when it goes out
 * (`transportOf` is not null, worked out once for a batch), queues its `mail.send` job in it too.
 */
export async function writeMail(
  tx: Db,
  send: SendInTransaction,
  mail: Mail,
  now: Date,
  goesOut: boolean,
): Promise<void> {
  const outboxId = await recordMail(tx, mail, now, goesOut ? 'sending' : 'kept');
  // null: the same e-mail (its dedupe key) was written already, by an earlier try of its job.
  if (goesOut && outboxId !== null) await send('mail.send', { outboxId });
}
