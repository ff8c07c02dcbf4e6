import { randomBytes, randomUUID } from 'node:crypto';
import type { StaffMember, StaffRole } from '../../contract/staff';
import { hashSecret } from '../../server/auth/secrets';
import { staff, staffSessions } from '../../server/db/schema';
import type { Harness } from './harness';

// Stand-in until part 1's fixtures land (same export); the merge keeps part 1's.

let made = 0;

/** A staff member of `role` with a live session, written straight into the database. */
export async function staffSession(
  h: Harness,
  role: StaffRole,
): Promise<{ token: string; staff: StaffMember }> {
  made += 1;
  const id = randomUUID();
  const email = `${role}.${made}.${Date.now().toString(36)}@staff.example`;
  const now = new Date();
  await h.database.db.insert(staff).values({
    id,
    email,
    name: `${role} ${made}`,
    role,
    passwordHash: 'not-a-hash',
    totpSecret: 'JBSWY3DPEHPK3PXP',
    enrolledAt: now,
    createdAt: now,
  });
  const token = randomBytes(24).toString('base64url');
  await h.database.db.insert(staffSessions).values({
    staffId: id,
    tokenHash: hashSecret(token),
    createdAt: now,
    // Far ahead of any test clock.
    expiresAt: new Date('2100-01-01T00:00:00Z'),
  });
  return { token, staff: { id, email, name: `${role} ${made}`, role } };
}
