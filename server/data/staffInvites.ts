import { and, eq, gt, isNull } from 'drizzle-orm';
import type { StaffRole } from '../../contract/staff';
import { hashSecret, newSecret } from '../auth/secrets';
import type { Db } from '../db/client';
import { staffInvites } from '../db/schema';
import { DAY_MS } from '../time';

/** An invitation link works for a week, once. */
const STAFF_INVITE_TTL_MS = 7 * DAY_MS;

export type StaffInviteRow = typeof staffInvites.$inferSelect;

/** A new invitation; the answer is the only place its token is kept in clear. */
export async function createStaffInvite(
  db: Db,
  values: { email: string; role: StaffRole; invitedBy: string | null; now: Date },
): Promise<{ invite: StaffInviteRow; token: string }> {
  const token = newSecret();
  const [invite] = await db
    .insert(staffInvites)
    .values({
      email: values.email.toLowerCase(),
      role: values.role,
      invitedBy: values.invitedBy,
      tokenHash: hashSecret(token),
      createdAt: values.now,
      expiresAt: new Date(values.now.getTime() + STAFF_INVITE_TTL_MS),
    })
    .returning();
  if (!invite) throw new Error('The invitation was not written.');
  return { invite, token };
}

/** The unused, unexpired invitation of this token (locked for the transaction when `lock`). */
export async function findOpenStaffInvite(
  db: Db,
  token: string,
  now: Date,
  lock = false,
): Promise<StaffInviteRow | null> {
  const query = db
    .select()
    .from(staffInvites)
    .where(
      and(
        eq(staffInvites.tokenHash, hashSecret(token)),
        isNull(staffInvites.usedAt),
        gt(staffInvites.expiresAt, now),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function markStaffInviteUsed(db: Db, id: number, now: Date): Promise<void> {
  await db.update(staffInvites).set({ usedAt: now }).where(eq(staffInvites.id, id));
}
