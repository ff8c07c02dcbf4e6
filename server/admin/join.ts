import { Hono } from 'hono';
import { joinBody, joinQuery, nameOfEmail } from '../../contract/staff';
import { hashPassword } from '../auth/secrets';
import { newTotpSecret } from '../auth/totp';
import { findStaffByEmail, insertStaff, type StaffRow } from '../data/staff';
import { findOpenStaffInvite, markStaffInviteUsed } from '../data/staffInvites';
import { isUniqueViolation } from '../db/errors';
import type { AppEnv } from '../env';
import { fail, ok } from '../http/envelope';
import { formBody, query } from '../http/validators';
import { audit } from './audit';
import { enrolmentOf, staffAuditView, staffMemberOf } from './staffViews';

const INVITE_GONE =
  'This invitation does not work any more: it was used, or it expired. Ask an admin for a new one.';
type Joined = { row: StaffRow } | { refusal: { status: 404 | 409; message: string } };

const alreadyStaff = (email: string) => `${email} already has a staff account: sign in at /admin/login.`;

/** An invitation (from an admin, or `npm run staff:create`): what it is for, then the account it makes. */
export const joinRoutes = new Hono<AppEnv>()
  .get('/join', query(joinQuery), async (c) => {
    const invite = await findOpenStaffInvite(c.var.db, c.req.valid('query').token, c.var.clock());
    if (!invite) return fail(c, 404, INVITE_GONE);
    return ok(c, { email: invite.email, role: invite.role, expires_at: invite.expiresAt.toISOString() });
  })
  .post('/join', formBody(joinBody), async (c) => {
    const body = c.req.valid('form');
    const { db, config } = c.var;
    const now = c.var.clock();
    const passwordHash = await hashPassword(body.password);
    const joined: Joined = await db
      .transaction(async (tx): Promise<Joined> => {
        const invite = await findOpenStaffInvite(tx, body.token, now, true);
        if (!invite) return { refusal: { status: 404, message: INVITE_GONE } };
        if (await findStaffByEmail(tx, invite.email))
          return { refusal: { status: 409, message: alreadyStaff(invite.email) } };
        await markStaffInviteUsed(tx, invite.id, now);
        const row = await insertStaff(tx, {
          email: invite.email,
          name: body.name ?? nameOfEmail(invite.email),
          role: invite.role,
          passwordHash,
          totpSecret: newTotpSecret(),
          invitedBy: invite.invitedBy,
          now,
        });
        // The entry names the new person as its actor: they made the account with the link.
        c.set('staff', staffMemberOf(row));
        await audit(tx, c, {
          action: 'staff.joined',
          record: { type: 'staff', id: row.id },
          before: null,
          after: staffAuditView(row),
        });
        return { row };
      })
      .catch((error: unknown): Joined => {
        if (isUniqueViolation(error))
          return { refusal: { status: 409, message: 'That invitation was used a moment ago.' } };
        throw error;
      });
    if ('refusal' in joined) return fail(c, joined.refusal.status, joined.refusal.message);
    return ok(c, enrolmentOf(config, joined.row));
  });
