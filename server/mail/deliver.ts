import { attachmentsOf, claimDelivery, keepUnsent, outboxRow, recordDelivery } from '../data/outbox';
import type { JobRun } from '../jobs/queue';
import { type MailDeps, transportOf } from './send';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * How long an attempt holds its row: longer than any send (nodemailer's own timeouts), so an attempt
 * the queue gave up on while its SMTP server was slow still holds it when the next one comes.
 */
export const SENDING_HOLD_MS = 10 * 60_000;

/**
 * One attempt of a `mail.send` job: sends the outbox row's e-mail and records how it went. A failed
 * attempt keeps the row `sending` with its error and throws, so the queue tries again later (backing
 * off, server/jobs/kinds.ts); after the last one the row says `failed`, with the error. A row already
 * sent (a job tried again after its process died between sending and finishing) is not sent twice,
 * and one still being sent by an earlier attempt (its lease ran out, it did not stop) is left to it:
 * this attempt fails and the queue comes back later.
 */
export async function deliverMail(
  deps: Omit<MailDeps, 'jobs'>,
  outboxId: number,
  run: Pick<JobRun, 'last'>,
): Promise<void> {
  const transport = transportOf(deps);
  const row = await outboxRow(deps.db, outboxId);
  if (row?.status !== 'sending') return;
  if (!transport) return keepUnsent(deps.db, row.id);
  const now = deps.clock();
  if (!(await claimDelivery(deps.db, row.id, now, new Date(now.getTime() + SENDING_HOLD_MS))))
    throw new Error('An earlier attempt is still sending this e-mail: tried again later.');
  const attempts = row.attempts + 1;
  try {
    const files = await attachmentsOf(deps.db, row.id);
    await transport.send({
      to: row.toEmail,
      subject: row.subject,
      // A row from before templates has no HTML part and kept its link apart from its words.
      text: row.html === null && row.link ? `${row.body}\n\n${row.link}` : row.body,
      html: row.html,
      attachments: files.map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        content: file.content,
      })),
    });
  } catch (error) {
    await recordDelivery(deps.db, row.id, { error: messageOf(error), attempts, final: run.last });
    throw error;
  }
  await recordDelivery(deps.db, row.id, { sentAt: deps.clock(), attempts });
}
