import { and, eq, isNull } from 'drizzle-orm';
import { hashSecret, newSecret } from '../auth/secrets';
import type { Db } from '../db/client';
import { passwordResets, users } from '../db/schema';

export async function createPasswordReset(db: Db, userId: string, now: Date, ttlMs: number) {
  const tok = newSecret().slice(0, 24);
  const resetcode = newSecret();
  await db.insert(passwordResets).values({
    tok,
    codeHash: hashSecret(resetcode),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return { tok, resetcode };
}

export type ResetLookup =
  | { status: 'valid'; id: number; userId: string; email: string }
  | { status: 'invalid' | 'expired' | 'used' };

export async function findPasswordReset(
  db: Db,
  tok: string,
  resetcode: string,
  now: Date,
): Promise<ResetLookup> {
  const [row] = await db
    .select({
      id: passwordResets.id,
      codeHash: passwordResets.codeHash,
      userId: passwordResets.userId,
      expiresAt: passwordResets.expiresAt,
      usedAt: passwordResets.usedAt,
      email: users.email,
    })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tok, tok))
    .limit(1);
  if (!row || row.codeHash !== hashSecret(resetcode)) return { status: 'invalid' };
  if (row.usedAt) return { status: 'used' };
  if (row.expiresAt <= now) return { status: 'expired' };
  return { status: 'valid', id: row.id, userId: row.userId, email: row.email };
}

/** Marks a reset used; false when another request used it first (single use, even under races). */
export async function consumePasswordReset(db: Db, id: number, now: Date): Promise<boolean> {
  const used = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  return used.length === 1;
}
