import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { StaffRole } from '../../contract/staff';
import type { Db } from '../db/client';
import { auditLog, staff } from '../db/schema';

export type StaffRow = typeof staff.$inferSelect;

export async function findStaffByEmail(db: Db, email: string): Promise<StaffRow | null> {
  const [row] = await db.select().from(staff).where(eq(staff.email, email.toLowerCase()));
  return row ?? null;
}

export async function findStaff(db: Db, id: string, lock = false): Promise<StaffRow | null> {
  const query = db.select().from(staff).where(eq(staff.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function listStaff(db: Db): Promise<StaffRow[]> {
  return db.select().from(staff).orderBy(asc(staff.createdAt), asc(staff.email));
}

export async function hasEnrolledStaff(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: staff.id }).from(staff).where(isNotNull(staff.enrolledAt)).limit(1);
  return row !== undefined;
}

export async function insertStaff(
  db: Db,
  values: {
    email: string;
    name: string;
    role: StaffRole;
    passwordHash: string;
    totpSecret: string;
    invitedBy: string | null;
    now: Date;
  },
): Promise<StaffRow> {
  const [row] = await db
    .insert(staff)
    .values({ ...values, email: values.email.toLowerCase(), createdAt: values.now })
    .returning();
  if (!row) throw new Error('The staff row was not written.');
  return row;
}

/**
 * The admins an earlier use of the setup link made who never signed in: a repeated setup replaces
 * them, so someone who lost the QR code before scanning it is not locked out. Nothing refers to them
 * (their only audit entry names them by record id), so they can go.
 */
export async function removeUnenrolledSetupAdmins(db: Db): Promise<void> {
  const madeBySetup = db
    .select({ id: sql`${auditLog.recordId}::uuid` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actor, 'setup'),
        eq(auditLog.action, 'staff.created'),
        eq(auditLog.recordType, 'staff'),
      ),
    );
  await db.delete(staff).where(and(isNull(staff.enrolledAt), sql`${staff.id} in (${madeBySetup})`));
}

/**
 * Accepts a code's 30-second step once: the row moves only forward, so of two requests with one code
 * exactly one wins. The first accepted code enrols the person.
 */
export async function claimTotpStep(db: Db, id: string, step: number, now: Date): Promise<boolean> {
  const claimed = await db
    .update(staff)
    .set({ totpLastStep: step, enrolledAt: sql`coalesce(${staff.enrolledAt}, ${now})` })
    .where(and(eq(staff.id, id), sql`(${staff.totpLastStep} is null or ${staff.totpLastStep} < ${step})`))
    .returning({ id: staff.id });
  return claimed.length === 1;
}

export async function updateStaff(
  db: Db,
  id: string,
  change: { role?: StaffRole; disabledAt?: Date | null; repCode?: string | null },
): Promise<StaffRow> {
  const [row] = await db.update(staff).set(change).where(eq(staff.id, id)).returning();
  if (!row) throw new Error('The staff row was not updated.');
  return row;
}

/** The advisory lock of the set of admins (a key of its own among the server's advisory locks). */
const ADMINS_LOCK = 'adlane.staff-admins';

/**
 * Taken before a change that could leave no admin, so such changes happen one at a time: two admins
 * demoting each other at once would each count the other (or deadlock on each other's rows).
 */
export async function lockAdmins(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ADMINS_LOCK}))`);
}

/** Enabled admins other than `id`: the back office always keeps one. */
export async function otherEnabledAdmins(db: Db, id: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(staff)
    .where(and(eq(staff.role, 'admin'), isNull(staff.disabledAt), ne(staff.id, id)));
  return row?.count ?? 0;
}

/** Issue 32: the staff member other than `id` who has the rep code, or null. */
export async function repCodeHolder(db: Db, code: string, id: string): Promise<string | null> {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.repCode, code), ne(staff.id, id)))
    .limit(1);
  return row?.id ?? null;
}
