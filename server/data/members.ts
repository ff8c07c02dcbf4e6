import { and, eq, ne, TransactionRollbackError } from 'drizzle-orm';
import type { AssignableRole } from '../../contract/roles';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/** A person of the company, or null (someone of another company is not found either). */
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
    .where(and(eq(users.companyId, companyId), eq(users.id, uuid)))
    .limit(1);
  return row ?? null;
}
export type Member = NonNullable<Awaited<ReturnType<typeof findMember>>>;

/** Gives a person who is not the owner another role. Whether the person was found (and not the owner). */
export async function setRole(db: Db, companyId: number, uuid: string, role: AssignableRole) {
  const rows = await db
    .update(users)
    .set({ role })
    .where(and(eq(users.companyId, companyId), eq(users.id, uuid), ne(users.role, 'owner')))
    .returning({ uuid: users.id });
  return rows.length === 1;
}

/**
 * Removes a person who is not the owner from the company: the account goes, and with it every
 * sign-in (its tokens are deleted with it), so their next request is signed out. The orders and files
 * they made stay the company's.
 */
export async function removeMember(db: Db, companyId: number, uuid: string) {
  const rows = await db
    .delete(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, uuid), ne(users.role, 'owner')))
    .returning({ uuid: users.id });
  return rows.length === 1;
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
        .where(and(eq(users.companyId, companyId), eq(users.id, toId)))
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
