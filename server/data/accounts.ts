import { and, count, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { UserData } from '../../contract/auth';
import { hashSecret, newSecret } from '../auth/secrets';
import type { Db } from '../db/client';
import {
  authTokens,
  colleagueInvites,
  companies,
  loginFailures,
  outbox,
  passwordResets,
  rateEvents,
  signinCodes,
  users,
} from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export interface Account extends UserRow {
  companyName: string;
  coid: string;
}

const accountColumns = {
  id: users.id,
  companyId: users.companyId,
  email: users.email,
  passwordHash: users.passwordHash,
  firstname: users.firstname,
  lastname: users.lastname,
  avatar: users.avatar,
  source: users.source,
  repName: users.repName,
  cartUuid: users.cartUuid,
  createdAt: users.createdAt,
  companyName: companies.name,
  coid: companies.coid,
};

/** The SPEC's user data for an account, with the token the caller signs in with. */
export const toUserData = (account: Account, token: string): UserData => ({
  uuid: account.id,
  token,
  fullname: `${account.firstname} ${account.lastname}`,
  firstname: account.firstname,
  lastname: account.lastname,
  company: account.companyName,
  avatar: account.avatar,
  email: account.email,
  cart_uuid: account.cartUuid,
});

export async function findAccount(db: Db, by: { id: string } | { email: string }): Promise<Account | null> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where('id' in by ? eq(users.id, by.id) : eq(users.email, by.email))
    .limit(1);
  return row ?? null;
}

export async function createAccount(
  db: Db,
  input: {
    email: string;
    passwordHash: string;
    firstname: string;
    lastname: string;
    company: { name: string } | { id: number };
    source?: string | undefined;
    repName?: string | undefined;
  },
): Promise<Account> {
  const id = await db.transaction(async (tx) => {
    const companyId =
      'id' in input.company
        ? input.company.id
        : (await tx.insert(companies).values({ name: input.company.name }).returning({ id: companies.id }))[0]
            ?.id;
    if (companyId === undefined) throw new Error('The company was not created.');
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash: input.passwordHash,
        firstname: input.firstname,
        lastname: input.lastname,
        companyId,
        source: input.source ?? null,
        repName: input.repName ?? null,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('The account was not created.');
    return user.id;
  });
  const account = await findAccount(db, { id });
  if (!account) throw new Error('The new account could not be read back.');
  return account;
}

export async function setPassword(db: Db, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Adopts an anonymous cart as the account's cart, unless the account already has one. */
export async function adoptCart(db: Db, userId: string, cartUuid: string) {
  await db
    .update(users)
    .set({ cartUuid })
    .where(and(eq(users.id, userId), isNull(users.cartUuid)));
}

// ---- tokens ---------------------------------------------------------------------------------

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

export async function revokeAllTokens(db: Db, userId: string, now: Date) {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}

// ---- sign-in rate limit ---------------------------------------------------------------------

/**
 * Records a sign-in attempt as a failure before the password is checked (a success removes it), so
 * attempts sent at the same moment all count: there is no window between counting and recording.
 * Answers the attempt's id and how many failures the window now holds, this one included.
 */
export async function recordAttempt(db: Db, email: string, now: Date, since: Date) {
  const [row] = await db
    .insert(loginFailures)
    .values({ email, failedAt: now })
    .returning({ id: loginFailures.id });
  const [window] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${loginFailures.failedAt})` })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.failedAt, since)));
  return { id: row?.id ?? 0, count: window?.n ?? 0, oldest: window?.oldest ? new Date(window.oldest) : now };
}

/** Forgets one attempt (one refused by the limit must not extend the lock). */
export async function forgetAttempt(db: Db, id: number) {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

export async function clearFailures(db: Db, email: string) {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}

/**
 * Allows a throttled action at most `limit` times in a window, counting this use when allowed. A
 * per-key advisory lock makes count-and-record one step, so uses at the same moment neither slip past
 * the limit nor block each other out.
 */
export async function allowAction(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<boolean> {
  return (await takeAction(db, key, limit, windowMs, now)).allowed;
}

export type ActionSlot = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * `allowAction` that also says, when the action is refused, how long until the oldest use in the
 * window leaves it (for a `Retry-After`). Uses older than the window are forgotten on the way, so a
 * busy key (a browser's events) keeps at most `limit` rows.
 */
/** Rate limits count over at most a day; older rows count for nothing. */
const LONGEST_WINDOW_MS = 2 * 86_400_000;
const SWEEP_EVERY = 200;
let takenSinceSweep = 0;

export async function takeAction(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<ActionSlot> {
  const since = new Date(now.getTime() - windowMs);
  // Now and then, rows of every key past the longest window go: one-off keys would otherwise stay.
  takenSinceSweep += 1;
  if (takenSinceSweep >= SWEEP_EVERY) {
    takenSinceSweep = 0;
    await db.delete(rateEvents).where(lte(rateEvents.at, new Date(now.getTime() - LONGEST_WINDOW_MS)));
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    await tx.delete(rateEvents).where(and(eq(rateEvents.key, key), lte(rateEvents.at, since)));
    const [row] = await tx
      .select({ n: count(), oldest: sql<Date | null>`min(${rateEvents.at})`.mapWith(rateEvents.at) })
      .from(rateEvents)
      .where(and(eq(rateEvents.key, key), gt(rateEvents.at, since)));
    if ((row?.n ?? 0) >= limit) {
      const oldest = row?.oldest?.getTime() ?? now.getTime();
      return { allowed: false, retryAfterMs: Math.max(1000, oldest + windowMs - now.getTime()) };
    }
    await tx.insert(rateEvents).values({ key, at: now });
    return { allowed: true };
  });
}

// ---- one-time codes -------------------------------------------------------------------------

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

// ---- colleagues -----------------------------------------------------------------------------

export async function createInvite(
  db: Db,
  input: {
    companyId: number;
    email: string;
    firstname?: string | undefined;
    lastname?: string | undefined;
    invitedBy: string;
  },
  now: Date,
  ttlMs: number,
) {
  const [row] = await db
    .insert(colleagueInvites)
    .values({
      companyId: input.companyId,
      email: input.email,
      firstname: input.firstname || null,
      lastname: input.lastname || null,
      invitedBy: input.invitedBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    })
    .returning({ uuid: colleagueInvites.uuid });
  if (!row) throw new Error('The invitation was not stored.');
  return row.uuid;
}

export type InviteLookup =
  | {
      status: 'valid';
      companyId: number;
      company: string;
      email: string;
      firstname: string | null;
      lastname: string | null;
    }
  | { status: 'invalid' | 'expired' | 'accepted' };

export async function findInvite(db: Db, uuid: string, coid: string, now: Date): Promise<InviteLookup> {
  const [row] = await db
    .select({
      companyId: colleagueInvites.companyId,
      company: companies.name,
      coid: companies.coid,
      email: colleagueInvites.email,
      firstname: colleagueInvites.firstname,
      lastname: colleagueInvites.lastname,
      expiresAt: colleagueInvites.expiresAt,
      acceptedAt: colleagueInvites.acceptedAt,
    })
    .from(colleagueInvites)
    .innerJoin(companies, eq(companies.id, colleagueInvites.companyId))
    .where(eq(colleagueInvites.uuid, uuid))
    .limit(1);
  if (!row || row.coid !== coid) return { status: 'invalid' };
  if (row.acceptedAt) return { status: 'accepted' };
  if (row.expiresAt <= now) return { status: 'expired' };
  return {
    status: 'valid',
    companyId: row.companyId,
    company: row.company,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
  };
}

export async function acceptInvite(db: Db, uuid: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(colleagueInvites)
    .set({ acceptedAt: now })
    .where(and(eq(colleagueInvites.uuid, uuid), isNull(colleagueInvites.acceptedAt)))
    .returning({ uuid: colleagueInvites.uuid });
  return rows.length === 1;
}

export async function teamOf(db: Db, companyId: number, now: Date) {
  const members = await db
    .select({ uuid: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(users.firstname, users.lastname);
  const invites = await db
    .select({
      uuid: colleagueInvites.uuid,
      email: colleagueInvites.email,
      createdAt: colleagueInvites.createdAt,
    })
    .from(colleagueInvites)
    .where(
      and(
        eq(colleagueInvites.companyId, companyId),
        isNull(colleagueInvites.acceptedAt),
        gt(colleagueInvites.expiresAt, now),
      ),
    )
    .orderBy(colleagueInvites.createdAt);
  return { members, invites };
}

// ---- outbox ---------------------------------------------------------------------------------

export interface Mail {
  to: string;
  kind: 'password-reset' | 'colleague-invite' | 'sign-in-link' | 'welcome';
  subject: string;
  body: string;
  link: string | null;
}

export async function sendMail(db: Db, mail: Mail, now: Date) {
  await db.insert(outbox).values({
    toEmail: mail.to,
    kind: mail.kind,
    subject: mail.subject,
    body: mail.body,
    link: mail.link,
    createdAt: now,
  });
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
