import type { MailEvent } from '../../server/mail/mailEvent';
import type { Harness } from './harness';

/**
 * Records every e-mail event the app queues in its writes' transactions (the `mail.compose` jobs),
 * so a test sees an event before its e-mail's template and composer exist.
 */
export function queuedMail(h: Harness): { events: MailEvent[] } {
  const events: MailEvent[] = [];
  const inTransaction = h.jobs.inTransaction.bind(h.jobs);
  h.jobs.inTransaction = (db, work) =>
    inTransaction(db, (tx, send) =>
      work(tx, async (kind, data, options) => {
        if (kind === 'mail.compose') events.push(data as MailEvent);
        return send(kind, data, options);
      }),
    );
  return { events };
}
