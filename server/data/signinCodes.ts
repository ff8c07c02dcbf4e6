import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashSecret, newSecret } from '../auth/secrets';
import type { Db } from '../db/client';
import { signinCodes } from '../db/schema';

export async function createSigninCode(db: Db, userId: string, now: Date, ttlMs: number) {
  const code = newSecret();
  await db.insert(signinCodes).values({
    codeHash: hashSecret(code),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return code;
}

/** Uses a sign-in code once: the account it belongs to, or null when unknown, expired or used. */
export async function consumeSigninCode(db: Db, code: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(signinCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(signinCodes.codeHash, hashSecret(code)),
        isNull(signinCodes.usedAt),
        gt(signinCodes.expiresAt, now),
      ),
    )
    .returning({ userId: signinCodes.userId });
  return row?.userId ?? null;
}
