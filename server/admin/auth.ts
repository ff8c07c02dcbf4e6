import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import {
  STAFF_PERMISSIONS,
  type StaffMember,
  type StaffPermission,
  type StaffRole,
  staffCan,
} from '../../contract/staff';
import { findLiveStaffSession } from '../data/staffSessions';
import type { AppEnv } from '../env';
import { bearer } from '../http/auth';
import { fail } from '../http/envelope';

export const STAFF_SIGN_IN = 'Sign in to the back office.';

const ROLE_PLURALS: Record<StaffRole, string> = {
  admin: 'Admins',
  production: 'Production staff',
  rep: 'Reps',
};

const PERMISSION_WORDS: Record<StaffPermission, string> = {
  signedIn: 'use the back office',
  'catalogue.read': 'see the catalogue',
  'catalogue.edit': 'edit the catalogue',
  'orders.read': 'see orders',
  'orders.fulfil': 'book, deliver or cancel orders',
  'files.read': 'see ad files',
  'files.review': 'review ad files',
  'design.proofs': 'upload design proofs',
  'audit.read': 'read the audit log',
  'staff.manage': 'manage staff',
  'customers.read': 'see customers',
  'customers.manage': "manage customers' people",
  'customers.terms': "change a company's terms or rep",
  'money.manage': 'record payments or credits',
  'receivables.read': 'see receivables',
  'reports.read': 'see reports',
};

/** The 403 sentence: who is refused, what, and who may. */
export const refusalOf = (role: StaffRole, permission: StaffPermission) => {
  const who = STAFF_PERMISSIONS[permission].map((r) => ROLE_PLURALS[r].toLowerCase()).join(' and ');
  return `${ROLE_PLURALS[role]} cannot ${PERMISSION_WORDS[permission]}: only ${who} can, so ask an admin.`;
};

/**
 * A live staff session (`Authorization: Bearer`, looked up only in `staff_sessions`, so a customer's
 * token is unknown here: 401) whose role has `permission` (else 403 naming who may).
 */
export const requireStaff = (permission: StaffPermission) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearer(c.req.header('authorization'));
    const member = token ? await findLiveStaffSession(c.var.db, token, c.var.clock()) : null;
    if (!member) return fail(c, 401, STAFF_SIGN_IN);
    if (!staffCan(member.role, permission)) return fail(c, 403, refusalOf(member.role, permission));
    c.set('staff', member);
    await next();
  });

/** The staff member of a route behind `requireStaff`. */
export function signedInStaff(c: Context<AppEnv>): StaffMember {
  const member = c.var.staff;
  if (!member) throw new HTTPException(401, { message: STAFF_SIGN_IN });
  return member;
}
