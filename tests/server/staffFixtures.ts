import type { StaffMember, StaffRole } from '../../contract/staff';
import { hashSecret, newSecret } from '../../server/auth/secrets';
import { staff, staffSessions } from '../../server/db/schema';
import type { Harness } from './harness';

// Stand-in for part 1's fixtures (issue 31): the merge keeps part 1's file.

let made = 0;

/**
 * A staff member of `role` and a live session of theirs (8 hours from `now`, the harness clock's time),
 * written straight into the database.
 */
export async function staffSession(
  h: Harness,
  role: StaffRole,
  options: { now?: Date; email?: string } = {},
): Promise<{ token: string; staff: StaffMember }> {
  made += 1;
  const now = options.now ?? new Date();
  const [member] = await h.database.db
    .insert(staff)
    .values({
      email: options.email ?? `${role}-${made}${newSecret().slice(0, 6).toLowerCase()}@staff.example`,
      name: `${role} ${made}`,
      role,
      passwordHash: 'not-a-hash',
      totpSecret: 'JBSWY3DPEHPK3PXP',
      enrolledAt: now,
      createdAt: now,
    })
    .returning({ id: staff.id, email: staff.email, name: staff.name, role: staff.role });
  if (!member) throw new Error('The staff member was not written.');
  const token = newSecret();
  await h.database.db.insert(staffSessions).values({
    staffId: member.id,
    tokenHash: hashSecret(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + 8 * 3_600_000),
  });
  return { token, staff: member };
}
