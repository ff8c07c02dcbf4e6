import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { hashSecret, newSecret } from '../auth/secrets';
import type { Db } from '../db/client';
import { authTokens, companies, passwordResets, signinCodes, users } from '../db/schema';
import { type Account, findAccount } from './accounts';

export interface IssuedTokens {
  access: string;
  refresh: string;
  /** The sign-in they belong to. */
  family: string;
}

export interface TokenLifetimes {
  accessMs: number;
  refreshMs: number;
}

/**
 * A refresh token and an access token of one sign-in (`family`); the refresh token replaces `parentId`
 * when there is one. Only hashes are stored.
 */
async function issueInFamily(
  db: Db,
  userId: string,
  family: string,
  parentId: number | null,
  now: Date,
  lifetimes: TokenLifetimes,
): Promise<IssuedTokens> {
  const refresh = newSecret();
  const access = newSecret();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(authTokens)
      .values({
        userId,
        kind: 'refresh',
        tokenHash: hashSecret(refresh),
        family,
        parentId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + lifetimes.refreshMs),
      })
      .returning({ id: authTokens.id });
    if (!row) throw new Error('The refresh token was not stored.');
    await tx.insert(authTokens).values({
      userId,
      kind: 'access',
      tokenHash: hashSecret(access),
      refreshId: row.id,
      family,
      createdAt: now,
      expiresAt: new Date(now.getTime() + lifetimes.accessMs),
    });
  });
  return { access, refresh, family };
}

/** A new sign-in (password, one-time link, invitation, registration): a new family of tokens. */
export const issueTokens = (db: Db, userId: string, now: Date, lifetimes: TokenLifetimes) =>
  issueInFamily(db, userId, randomUUID(), null, now, lifetimes);

/** The live (not expired, not revoked) token of a kind, with its account (never a former member's). */
export async function findLiveToken(db: Db, token: string, kind: 'access' | 'refresh', now: Date) {
  const [row] = await db
    .select({
      id: authTokens.id,
      userId: authTokens.userId,
      refreshId: authTokens.refreshId,
      replacedAt: authTokens.replacedAt,
      family: authTokens.family,
    })
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
  // Issue 32: disabling a person ends their tokens; a token made in the same instant is refused too.
  return account && !account.disabledAt ? { ...row, account } : null;
}

/**
 * The company of a token's holder when staff disabled them (disabling ended the token): their next
 * refresh is told why they are signed out, not merely that they are.
 */
export async function companyDisabledIn(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ company: companies.name })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(authTokens.tokenHash, hashSecret(token)), isNotNull(users.disabledAt)))
    .limit(1);
  return row?.company ?? null;
}

/**
 * The company a token's holder was removed from, when the token is a former member's (removing them
 * ended it): their next request is told why they are signed out, not merely that they are.
 */
export async function companyRemovedFrom(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ company: companies.name })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(authTokens.tokenHash, hashSecret(token)), isNotNull(users.removedAt)))
    .limit(1);
  return row?.company ?? null;
}

/**
 * Whether a sign-in (`family`) is the account's first: no sign-in of it began before this one did.
 * Tokens are kept (revoked or expired, never deleted), so an earlier sign-in is always found.
 */
export async function isFirstSignIn(db: Db, userId: string, family: string): Promise<boolean> {
  const began = sql`(select min(f.created_at) from auth_tokens f where f.family = ${family})`;
  const [row] = await db
    .select({ n: count() })
    .from(authTokens)
    .where(
      and(eq(authTokens.userId, userId), ne(authTokens.family, family), lt(authTokens.createdAt, began)),
    );
  return (row?.n ?? 0) === 0;
}

export type RefreshOutcome =
  | { status: 'refreshed'; account: Account; tokens: IssuedTokens }
  /** Unknown, expired, revoked, or of an account that is gone. */
  | { status: 'invalid' }
  /** A token replaced longer ago than the grace: it was copied, and its whole sign-in has ended. */
  | { status: 'reused'; userId: string };

/**
 * Trades a refresh token for a new one of the same sign-in (and a new access token), ending the one
 * presented. Two tabs refreshing at once present the same token: one replaces it, the other arrives
 * within `graceMs` of that and gets a token of the same sign-in too (the successor itself cannot be
 * handed out again: only its hash is kept). A replaced token presented after the grace is a copy in
 * someone else's hands, or the owner's after a thief refreshed first: either way the sign-in ends,
 * every access and refresh token of it.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  now: Date,
  lifetimes: TokenLifetimes,
  graceMs: number,
): Promise<RefreshOutcome> {
  const [row] = await db
    .select({
      id: authTokens.id,
      userId: authTokens.userId,
      family: authTokens.family,
      replacedAt: authTokens.replacedAt,
      revokedAt: authTokens.revokedAt,
      expiresAt: authTokens.expiresAt,
    })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashSecret(token)), eq(authTokens.kind, 'refresh')))
    .limit(1);
  if (!row || row.revokedAt !== null || row.expiresAt <= now) return { status: 'invalid' };

  let replacedAt = row.replacedAt;
  if (replacedAt === null) {
    // Claimed by one request only, even when several present the token at the same moment.
    const [claimed] = await db
      .update(authTokens)
      .set({ replacedAt: now })
      .where(and(eq(authTokens.id, row.id), isNull(authTokens.replacedAt)))
      .returning({ id: authTokens.id });
    if (!claimed) {
      const [again] = await db
        .select({ replacedAt: authTokens.replacedAt })
        .from(authTokens)
        .where(eq(authTokens.id, row.id));
      replacedAt = again?.replacedAt ?? now;
    }
  }
  if (replacedAt !== null && now.getTime() - replacedAt.getTime() > graceMs) {
    await revokeFamily(db, row.family, now);
    return { status: 'reused', userId: row.userId };
  }
  if (replacedAt !== null && (await successorsOf(db, row.id)) >= MAX_SUCCESSORS) return { status: 'invalid' };
  const account = await findAccount(db, { id: row.userId });
  if (!account) return { status: 'invalid' };
  const tokens = await issueInFamily(db, row.userId, row.family, row.id, now, lifetimes);
  return { status: 'refreshed', account, tokens };
}

/**
 * How many refresh tokens one may be traded for: the request that replaced it and the tabs that
 * presented it at the same moment. More within the grace is not a browser's tabs but a copy being
 * replayed: it gets nothing (without ending the owner's sign-in).
 */
const MAX_SUCCESSORS = 4;

async function successorsOf(db: Db, tokenId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(authTokens)
    .where(and(eq(authTokens.parentId, tokenId), eq(authTokens.kind, 'refresh')));
  return row?.n ?? 0;
}

/**
 * The account a refresh token signs in, when it is live and current (not replaced): a browser that
 * holds one has shown it is the customer's own, and is not held to limits meant for strangers.
 */
export async function accountOfCurrentRefresh(db: Db, token: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hashSecret(token)),
        eq(authTokens.kind, 'refresh'),
        isNull(authTokens.revokedAt),
        isNull(authTokens.replacedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.userId ?? null;
}

/** Ends one sign-in: every access and refresh token of the family the token belongs to. */
export async function revokeSignIn(db: Db, tokenId: number, now: Date) {
  const [row] = await db
    .select({ family: authTokens.family })
    .from(authTokens)
    .where(eq(authTokens.id, tokenId));
  if (row) await revokeFamily(db, row.family, now);
}

async function revokeFamily(db: Db, family: string, now: Date) {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.family, family), isNull(authTokens.revokedAt)));
}

/** Ends every way into an account that exists: tokens, unused sign-in links and reset links. */
export async function endAllSignIns(db: Db, userId: string, now: Date) {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
  await db
    .update(signinCodes)
    .set({ usedAt: now })
    .where(and(eq(signinCodes.userId, userId), isNull(signinCodes.usedAt)));
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
