import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashSecret, newSecret } from '../auth/secrets';
import type { Db } from '../db/client';
import { emailChanges, users } from '../db/schema';

/** Asks to move an account to a new address; earlier asks of the account stop working. Answers the link's code. */
export async function createEmailChange(db: Db, userId: string, newEmail: string, now: Date, ttlMs: number) {
  const code = newSecret();
  await db.transaction(async (tx) => {
    await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
    await tx.insert(emailChanges).values({
      codeHash: hashSecret(code),
      userId,
      newEmail,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    });
  });
  return code;
}

export type EmailChangeOutcome =
  | { status: 'changed'; userId: string; email: string; oldEmail: string }
  | { status: 'invalid' }
  | { status: 'taken'; email: string };

/**
 * Follows a confirmation link once: the account's address becomes the new one, unless another account
 * took that address meanwhile. An unknown, used or expired code changes nothing.
 */
export async function confirmEmailChange(db: Db, code: string, now: Date): Promise<EmailChangeOutcome> {
  return db.transaction(async (tx): Promise<EmailChangeOutcome> => {
    const [change] = await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailChanges.codeHash, hashSecret(code)),
          isNull(emailChanges.usedAt),
          gt(emailChanges.expiresAt, now),
        ),
      )
      .returning({ userId: emailChanges.userId, email: emailChanges.newEmail });
    if (!change) return { status: 'invalid' };
    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, change.email), isNull(users.removedAt)))
      .limit(1);
    if (holder && holder.id !== change.userId) return { status: 'taken', email: change.email };
    const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, change.userId));
    // A person removed from their company since they asked has no account to move.
    const moved = await tx
      .update(users)
      .set({ email: change.email })
      .where(and(eq(users.id, change.userId), isNull(users.removedAt)))
      .returning({ id: users.id });
    if (moved.length === 0 || !before) return { status: 'invalid' };
    return { status: 'changed', ...change, oldEmail: before.email };
  });
}
