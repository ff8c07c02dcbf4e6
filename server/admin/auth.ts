import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { STAFF_PERMISSIONS, type StaffMember, type StaffPermission, staffCan } from '../../contract/staff';
import { hashSecret } from '../auth/secrets';
import { staff, staffSessions } from '../db/schema';
import type { AppEnv } from '../env';
import { bearer } from '../http/auth';
import { fail } from '../http/envelope';

// Stand-in of part 1's server/admin/auth.ts (issue 31, part 4 needed it first): same signatures; the
// merge keeps part 1's.

/** Requires a live staff session whose role has `permission`: 401 without one, 403 for another role. */
export const requireStaff = (permission: StaffPermission) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearer(c.req.header('authorization'));
    const [row] = token
      ? await c.var.db
          .select({ id: staff.id, email: staff.email, name: staff.name, role: staff.role })
          .from(staffSessions)
          .innerJoin(staff, eq(staff.id, staffSessions.staffId))
          .where(
            and(
              eq(staffSessions.tokenHash, hashSecret(token)),
              isNull(staffSessions.revokedAt),
              gt(staffSessions.expiresAt, c.var.clock()),
              isNull(staff.disabledAt),
            ),
          )
          .limit(1)
      : [];
    if (!row) return fail(c, 401, 'Sign in to the back office.');
    if (!staffCan(row.role, permission))
      return fail(
        c,
        403,
        `${row.role}s cannot do this: ask ${STAFF_PERMISSIONS[permission].join(' or ')} staff.`,
      );
    c.set('staff', row);
    await next();
  });

/** The staff member of a route behind `requireStaff`. */
export function signedInStaff(c: Context<AppEnv>): StaffMember {
  const member = c.var.staff;
  if (!member) throw new Error('signedInStaff outside requireStaff');
  return member;
}
