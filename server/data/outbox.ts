import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import type { Mail } from '../mail/messages';

export type { Mail } from '../mail/messages';

/** How long a mail being sent is left to its sender before the worker may take it up (a crash). */
export const SEND_LEASE_MS = 10 * 60_000;

/**
 * Records an e-mail: `kept` when there is no SMTP server (the row is the e-mail, for development),
 * `sending` when it is about to go out. Answers the row's id.
 */
export async function recordMail(db: Db, mail: Mail, now: Date, status: 'kept' | 'sending') {
  // A mail on its way is leased: if this process dies before recording the outcome, the outbox
  // worker takes it up once the lease ends.
  const [row] = await db
    .insert(outbox)
    .values({
      toEmail: mail.to,
      kind: mail.kind,
      subject: mail.subject,
      body: mail.body,
      link: mail.link,
      status,
      createdAt: now,
      nextAttemptAt: status === 'sending' ? new Date(now.getTime() + SEND_LEASE_MS) : null,
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error('The e-mail was not recorded.');
  return row.id;
}

/** How an attempt to send went: the row says sent (and when), or the error and how many tries so far. */
export async function recordDelivery(
  db: Db,
  id: number,
  outcome:
    | { sentAt: Date; attempts: number }
    | { error: string; attempts: number; final: boolean; nextAttemptAt?: Date | null },
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
            ...(outcome.nextAttemptAt === undefined ? {} : { nextAttemptAt: outcome.nextAttemptAt }),
          },
    )
    .where(eq(outbox.id, id));
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

export type OutboxRow = typeof outbox.$inferSelect;

/** Unsent e-mails whose next attempt is due, oldest first. */
export async function dueForRetry(db: Db, now: Date, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(and(inArray(outbox.status, ['sending', 'failed']), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(limit);
}

/**
 * Takes a due e-mail for one attempt: counts the attempt and moves its next one a lease ahead, only
 * if no other worker (another replica) counted it first. Answers whether this worker has it.
 */
export async function claimRetry(db: Db, row: OutboxRow, now: Date): Promise<boolean> {
  const claimed = await db
    .update(outbox)
    .set({
      status: 'sending',
      attempts: row.attempts + 1,
      nextAttemptAt: new Date(now.getTime() + SEND_LEASE_MS),
    })
    .where(and(eq(outbox.id, row.id), eq(outbox.attempts, row.attempts), lte(outbox.nextAttemptAt, now)))
    .returning({ id: outbox.id });
  return claimed.length === 1;
}
