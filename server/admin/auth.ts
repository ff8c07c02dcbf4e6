import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { type StaffMember, type StaffPermission, staffCan } from '../../contract/staff';
import { hashSecret } from '../auth/secrets';
import { staff, staffSessions } from '../db/schema';
import type { AppEnv } from '../env';
import { bearer } from '../http/auth';
import { fail } from '../http/envelope';

// Stand-in until part 1's requireStaff lands (same signature and answers); the merge keeps part 1's.

const SIGN_IN = 'Sign in to the back office.';

/** A live staff session's member for a bearer token: never a customer's token (those live in auth_tokens). */
export const requireStaff = (permission: StaffPermission) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearer(c.req.header('authorization'));
    if (!token) return fail(c, 401, SIGN_IN);
    const [found] = await c.var.db
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
      .limit(1);
    if (!found) return fail(c, 401, SIGN_IN);
    if (!staffCan(found.role, permission))
      return fail(c, 403, `${found.role}s cannot do this: ask an admin.`);
    c.set('staff', found);
    await next();
  });

/** The staff member of a route behind `requireStaff`. */
export function signedInStaff(c: Context<AppEnv>): StaffMember {
  const member = c.var.staff;
  if (!member) throw new HTTPException(401, { message: SIGN_IN });
  return member;
}
