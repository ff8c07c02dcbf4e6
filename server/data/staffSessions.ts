import { and, eq, gt, isNull } from 'drizzle-orm';
import type { StaffMember } from '../../contract/staff';
import { hashSecret, newSecret } from '../auth/secrets';
import type { Db } from '../db/client';
import { staff, staffSessions } from '../db/schema';
import { HOUR_MS } from '../time';

/** The enabled staff member whose session this token is, while it is neither expired nor revoked. */
export async function findLiveStaffSession(db: Db, token: string, now: Date): Promise<StaffMember | null> {
  const [row] = await db
    .select({ id: staff.id, email: staff.email, name: staff.name, role: staff.role })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashSecret(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        isNull(staff.disabledAt),
      ),
    );
  return row ?? null;
}

/** A new session of `hours`, never extended: the answer is the only place its token is kept in clear. */
export async function openStaffSession(
  db: Db,
  staffId: string,
  now: Date,
  hours: number,
  address: string | null,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecret();
  const expiresAt = new Date(now.getTime() + hours * HOUR_MS);
  await db
    .insert(staffSessions)
    .values({ staffId, tokenHash: hashSecret(token), createdAt: now, expiresAt, address });
  return { token, expiresAt };
}

export async function revokeStaffSession(db: Db, token: string, now: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.tokenHash, hashSecret(token)), isNull(staffSessions.revokedAt)));
}

/** Every live session of one person: after a role change or disabling, they sign in again (or cannot). */
export async function revokeSessionsOf(db: Db, staffId: string, now: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}
