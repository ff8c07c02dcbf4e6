import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { hashSecret, newSecret } from '../auth/secrets';
import type { Db } from '../db/client';
import { authTokens, passwordResets, signinCodes } from '../db/schema';
import { findAccount } from './accounts';

export interface IssuedTokens {
  access: string;
  refresh: string;
}

/**
 * A new access token and, unless one is given, a new refresh token (the shared dashboard cookie).
 * Only hashes are stored.
 */
export async function issueTokens(
  db: Db,
  userId: string,
  now: Date,
  lifetimes: { accessMs: number; refreshMs: number },
  existingRefresh?: { id: number; token: string },
): Promise<IssuedTokens> {
  let refresh = existingRefresh;
  if (!refresh) {
    const token = newSecret();
    const [row] = await db
      .insert(authTokens)
      .values({
        userId,
        kind: 'refresh',
        tokenHash: hashSecret(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + lifetimes.refreshMs),
      })
      .returning({ id: authTokens.id });
    if (!row) throw new Error('The refresh token was not stored.');
    refresh = { id: row.id, token };
  }
  const access = newSecret();
  await db.insert(authTokens).values({
    userId,
    kind: 'access',
    tokenHash: hashSecret(access),
    refreshId: refresh.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetimes.accessMs),
  });
  return { access, refresh: refresh.token };
}

/** The live (not expired, not revoked) token of a kind, with its account. */
export async function findLiveToken(db: Db, token: string, kind: 'access' | 'refresh', now: Date) {
  const [row] = await db
    .select({ id: authTokens.id, userId: authTokens.userId, refreshId: authTokens.refreshId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hashSecret(token)),
        eq(authTokens.kind, kind),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row) return null;
  const account = await findAccount(db, { id: row.userId });
  return account ? { ...row, account } : null;
}

/** Ends a sign-in: the access token, the refresh token it came from, and every token minted from that. */
export async function revokeSignIn(db: Db, tokenId: number, refreshId: number | null, now: Date) {
  const ids =
    refreshId === null
      ? eq(authTokens.id, tokenId)
      : or(eq(authTokens.id, tokenId), eq(authTokens.id, refreshId), eq(authTokens.refreshId, refreshId));
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(ids, isNull(authTokens.revokedAt)));
}

/** Ends every way into an account that exists: tokens, unused sign-in links and reset links. */
export async function endAllSignIns(db: Db, userId: string, now: Date) {
  await revokeAllTokens(db, userId, now);
  await db
    .update(signinCodes)
    .set({ usedAt: now })
    .where(and(eq(signinCodes.userId, userId), isNull(signinCodes.usedAt)));
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

async function revokeAllTokens(db: Db, userId: string, now: Date) {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}
