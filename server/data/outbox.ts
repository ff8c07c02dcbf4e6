import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox, outboxAttachments } from '../db/schema';
import type { Mail } from '../mail/messages';

export type { Mail } from '../mail/messages';

/**
 * Records an e-mail: `kept` when there is no SMTP server (the row is the e-mail, for development),
 * `sending` when it is about to go out, with its attachments. Answers the row's id, or null when an
 * e-mail with the same dedupe key is already there (its composing job ran again).
 */
export async function recordMail(
  db: Db,
  mail: Mail,
  now: Date,
  status: 'kept' | 'sending',
): Promise<number | null> {
  const [row] = await db
    .insert(outbox)
    .values({
      toEmail: mail.to,
      kind: mail.kind,
      subject: mail.subject,
      body: mail.body,
      html: mail.html,
      link: mail.link,
      dedupeKey: mail.dedupeKey ?? null,
      status,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  if (!row) {
    if (mail.dedupeKey) return null;
    throw new Error('The e-mail was not recorded.');
  }
  const files = mail.attachments ?? [];
  if (files.length > 0)
    await db.insert(outboxAttachments).values(
      files.map((file) => ({
        outboxId: row.id,
        filename: file.filename,
        contentType: file.contentType,
        content: Buffer.from(file.content),
      })),
    );
  return row.id;
}

/** The files of an outbox row, in the order they were attached. */
export async function attachmentsOf(db: Db, outboxId: number) {
  return db
    .select()
    .from(outboxAttachments)
    .where(eq(outboxAttachments.outboxId, outboxId))
    .orderBy(outboxAttachments.id);
}

/** How an attempt to send went: the row says sent (and when), or the error and how many tries so far. */
export async function recordDelivery(
  db: Db,
  id: number,
  outcome: { sentAt: Date; attempts: number } | { error: string; attempts: number; final: boolean },
) {
  await db
    .update(outbox)
    .set(
      'sentAt' in outcome
        ? // Once sent, the row keeps no working link (a reset, a sign-in code, an invitation): tokens
          // are stored only as hashes everywhere, and a copy of the database must not hold live ones.
          {
            status: 'sent',
            sentAt: outcome.sentAt,
            attempts: outcome.attempts,
            lastError: null,
            link: null,
            nextAttemptAt: null,
          }
        : {
            status: outcome.final ? 'failed' : 'sending',
            attempts: outcome.attempts,
            lastError: outcome.error.slice(0, 500),
            nextAttemptAt: null,
          },
    )
    .where(eq(outbox.id, id));
}

/**
 * Takes the sending of a row until `until`, unless an attempt under way holds it (another process
 * whose job's lease ran out while its SMTP server was slow): whether this attempt may send it.
 */
export async function claimDelivery(db: Db, id: number, now: Date, until: Date): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ nextAttemptAt: until })
    .where(
      and(
        eq(outbox.id, id),
        eq(outbox.status, 'sending'),
        or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, now)),
      ),
    )
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/** A row whose sending found no transport (SMTP_URL removed since it was written) stays in the outbox. */
export async function keepUnsent(db: Db, id: number): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'kept', nextAttemptAt: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')));
}

export async function readOutbox(db: Db, to: string | undefined, limit: number) {
  const rows = await db
    .select()
    .from(outbox)
    .where(to ? eq(outbox.toEmail, to) : undefined)
    .orderBy(sql`${outbox.id} desc`)
    .limit(limit);
  return rows;
}

/** The files of some outbox rows, without their bytes. */
export async function attachmentNamesOf(db: Db, outboxIds: number[]) {
  if (outboxIds.length === 0) return [];
  return db
    .select({
      id: outboxAttachments.id,
      outboxId: outboxAttachments.outboxId,
      filename: outboxAttachments.filename,
      contentType: outboxAttachments.contentType,
    })
    .from(outboxAttachments)
    .where(inArray(outboxAttachments.outboxId, outboxIds))
    .orderBy(outboxAttachments.id);
}

export type OutboxRow = typeof outbox.$inferSelect;

/** One outbox row, or null. */
export async function outboxRow(db: Db, id: number): Promise<OutboxRow | null> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row ?? null;
}
