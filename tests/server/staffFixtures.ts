import { randomUUID } from 'node:crypto';
import type { StaffMember, StaffRole } from '../../contract/staff';
import { hashSecret, newSecret } from '../../server/auth/secrets';
import { staff, staffSessions } from '../../server/db/schema';
import type { Harness } from './harness';

// Stand-in of part 1's tests/server/staffFixtures.ts (issue 31, part 4 needed it first): same export;
// the merge keeps part 1's.

/** A staff member of `role` and a live session of theirs, written straight into the database. */
export async function staffSession(
  h: Harness,
  role: StaffRole,
): Promise<{ token: string; staff: StaffMember }> {
  const id = randomUUID();
  const member: StaffMember = {
    id,
    email: `${role}.${id.slice(0, 8)}@back.example`,
    name: `Pat ${role}`,
    role,
  };
  await h.database.db.insert(staff).values({
    ...member,
    passwordHash: 'not-a-hash',
    totpSecret: 'JBSWY3DPEHPK3PXP',
    enrolledAt: new Date(0),
  });
  const token = newSecret();
  await h.database.db.insert(staffSessions).values({
    staffId: id,
    tokenHash: hashSecret(token),
    // Far ahead of any test's clock: the session's own expiry is part 1's to test.
    expiresAt: new Date('2100-01-01T00:00:00Z'),
  });
  return { token, staff: member };
}
