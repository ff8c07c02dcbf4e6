import { and, desc, eq, isNotNull, isNull, ne, TransactionRollbackError } from 'drizzle-orm';
import type { AssignableRole } from '../../contract/roles';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { cancelInvitesSentBy } from './invitations';
import { endAllSignIns } from './tokens';

/** A person of the company who may still sign in (not a former member). */
const current = (companyId: number, uuid: string) =>
  and(eq(users.companyId, companyId), eq(users.id, uuid), isNull(users.removedAt));

/** A person of the company, or null (a former member, or someone of another company, is not found either). */
export async function findMember(db: Db, companyId: number, uuid: string) {
  const [row] = await db
    .select({
      uuid: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      role: users.role,
    })
    .from(users)
    .where(current(companyId, uuid))
    .limit(1);
  return row ?? null;
}
export type Member = NonNullable<Awaited<ReturnType<typeof findMember>>>;

/** Gives a person who is not the owner another role. Whether the person was found (and not the owner). */
export async function setRole(db: Db, companyId: number, uuid: string, role: AssignableRole) {
  const rows = await db
    .update(users)
    .set({ role })
    .where(and(current(companyId, uuid), ne(users.role, 'owner')))
    .returning({ uuid: users.id });
  return rows.length === 1;
}

/**
 * Removes a person who is not the owner from the company: they become a former member, kept so their
 * name stays on the orders they placed and the ads they approved, and every way in ends at once (their
 * sign-ins, sign-in and reset links), so their next request is signed out; the invitations they sent
 * and nobody has accepted are cancelled. Null when they were not removed, else how many of their
 * invitations were cancelled.
 */
export async function removeMember(db: Db, companyId: number, uuid: string, now: Date) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ removedAt: now })
      .where(and(current(companyId, uuid), ne(users.role, 'owner')))
      .returning({ uuid: users.id });
    if (rows.length !== 1) return null;
    await endAllSignIns(tx, uuid, now);
    return { invitationsCancelled: await cancelInvitesSentBy(tx, companyId, uuid, now) };
  });
}

/**
 * A former member of the company joining it again from an invitation: the same person as before (their
 * orders and approvals are theirs again), with the names, password and role of this invitation. The
 * account's id, or null when the address is no former member's of this company.
 */
export async function rejoin(
  db: Db,
  companyId: number,
  email: string,
  joined: { passwordHash: string; firstname: string; lastname: string; role: AssignableRole },
): Promise<string | null> {
  const [former] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.email, email), isNotNull(users.removedAt)))
    .orderBy(desc(users.removedAt))
    .limit(1);
  if (!former) return null;
  const rows = await db
    .update(users)
    .set({ ...joined, removedAt: null })
    .where(and(eq(users.id, former.id), isNotNull(users.removedAt)))
    .returning({ id: users.id });
  return rows[0]?.id ?? null;
}

/**
 * Makes a teammate the owner and the owner an admin, together (one owner a company: the owner steps
 * down first). False when the owner is no longer the owner or the teammate is gone.
 */
export async function transferOwnership(db: Db, companyId: number, ownerId: string, toId: string) {
  return db
    .transaction(async (tx) => {
      const stepped = await tx
        .update(users)
        .set({ role: 'admin' })
        .where(and(eq(users.companyId, companyId), eq(users.id, ownerId), eq(users.role, 'owner')))
        .returning({ uuid: users.id });
      if (stepped.length !== 1) return false;
      const made = await tx
        .update(users)
        .set({ role: 'owner' })
        .where(current(companyId, toId))
        .returning({ uuid: users.id });
      // The teammate left meanwhile: the owner stays the owner.
      if (made.length !== 1) tx.rollback();
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return false;
      throw error;
    });
}
