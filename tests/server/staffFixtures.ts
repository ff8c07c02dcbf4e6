import { randomUUID } from 'node:crypto';
import type { StaffMember, StaffRole } from '../../contract/staff';
import { hashSecret, newSecret } from '../../server/auth/secrets';
import { staff, staffSessions } from '../../server/db/schema';
import type { Harness } from './harness';

// Stand-in of part 1's tests/server/staffFixtures.ts (issue 31, part 4 needed it first): the same
// export and options; the merge keeps part 1's.

const SESSION_MS = 8 * 60 * 60 * 1000;

/**
 * A staff member of `role` and a live session of theirs, written straight into the database. `now` is
 * the harness clock's time; the session lasts 8 hours from it.
 */
export async function staffSession(
  h: Harness,
  role: StaffRole,
  options: { now?: Date; email?: string } = {},
): Promise<{ token: string; staff: StaffMember; totpSecret: string }> {
  const now = options.now ?? new Date();
  const id = randomUUID();
  const member: StaffMember = {
    id,
    email: options.email ?? `${role}.${id.slice(0, 8)}@staff.test`,
    name: `Pat ${role}`,
    role,
  };
  const totpSecret = 'JBSWY3DPEHPK3PXP';
  await h.database.db
    .insert(staff)
    .values({ ...member, passwordHash: 'not-a-hash', totpSecret, enrolledAt: now, createdAt: now });
  const token = newSecret();
  await h.database.db.insert(staffSessions).values({
    staffId: id,
    tokenHash: hashSecret(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MS),
  });
  return { token, staff: member, totpSecret };
}
