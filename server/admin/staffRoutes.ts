import { Hono } from 'hono';
import { z } from 'zod';
import { staffInviteBody, staffPatchBody } from '../../contract/staff';
import {
  findStaff,
  findStaffByEmail,
  listStaff,
  lockAdmins,
  otherEnabledAdmins,
  repCodeHolder,
  type StaffRow,
  updateStaff,
} from '../data/staff';
import { createStaffInvite } from '../data/staffInvites';
import { revokeSessionsOf } from '../data/staffSessions';
import type { AppEnv } from '../env';
import { answerSent } from '../http/answerSent';
import { invalidField } from '../http/body';
import { fail, ok } from '../http/envelope';
import { formBody, params } from '../http/validators';
import { sendMail } from '../mail/send';
import { audit } from './audit';
import { requireStaff, signedInStaff } from './auth';
import { staffInviteMail } from './invites';
import { inviteAuditView, staffAuditView, staffListEntryOf } from './staffViews';

const staffId = z.uuid('The staff id in the address is not valid.');
const manage = requireStaff('staff.manage');
type Patched = { row: StaffRow } | { status: 404 | 409 | 422; message: string };

const GONE = 'There is no such staff member: reload the page to see who there is.';

/** Admins manage the back office's people: the list, invitations, roles, disabling. */
export const staffRoutes = new Hono<AppEnv>()
  .get('/staff', manage, async (c) => ok(c, (await listStaff(c.var.db)).map(staffListEntryOf)))
  .post('/staff/invites', manage, formBody(staffInviteBody), async (c) => {
    const body = c.req.valid('form');
    const { db, config } = c.var;
    const member = signedInStaff(c);
    const now = c.var.clock();
    if (await findStaffByEmail(db, body.email))
      throw invalidField('email', `${body.email} already has a staff account.`);
    const { invite, token } = await db.transaction(async (tx) => {
      const made = await createStaffInvite(tx, {
        email: body.email,
        role: body.role,
        invitedBy: member.id,
        now,
      });
      await audit(tx, c, {
        action: 'invite.created',
        record: { type: 'invite', id: String(made.invite.id) },
        before: null,
        after: inviteAuditView(made.invite),
      });
      return made;
    });
    // Only this request knows the token, so the e-mail is written here, after the answer.
    const deps = { db, config, clock: c.var.clock, jobs: c.var.jobs };
    c.var.background.run(async () => {
      await answerSent(c);
      await sendMail(deps, await staffInviteMail(config, invite, token, member.name));
    });
    return ok(c, { email: invite.email, role: invite.role, expires_at: invite.expiresAt.toISOString() });
  })
  .patch('/staff/:id', manage, params({ id: staffId }), formBody(staffPatchBody), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('form');
    const now = c.var.clock();
    const answer = await c.var.db.transaction(async (tx): Promise<Patched> => {
      await lockAdmins(tx);
      const before = await findStaff(tx, id, true);
      if (!before) return { status: 404, message: GONE };
      const role = body.role ?? before.role;
      const disabledAt =
        body.disabled === undefined ? before.disabledAt : body.disabled ? (before.disabledAt ?? now) : null;
      const staysAdmin = role === 'admin' && disabledAt === null;
      if (
        before.role === 'admin' &&
        before.disabledAt === null &&
        !staysAdmin &&
        (await otherEnabledAdmins(tx, id)) === 0
      )
        return {
          status: 409,
          message: `${before.name} is the last admin: make someone else an admin first, so the back office keeps one.`,
        };
      if (body.rep_code && role !== 'rep')
        return { status: 422, message: `Only a rep has a rep code: ${before.name} is not a rep.` };
      if (body.rep_code && (await repCodeHolder(tx, body.rep_code, id)))
        return {
          status: 409,
          message: `The rep code ${body.rep_code} is another rep’s already: choose another.`,
        };
      const after = await updateStaff(tx, id, {
        role,
        disabledAt,
        ...(body.rep_code !== undefined ? { repCode: body.rep_code } : {}),
      });
      // A new role, or no access at all, takes effect now: their sessions end and they sign in again.
      if (role !== before.role || (disabledAt !== null && before.disabledAt === null))
        await revokeSessionsOf(tx, id, now);
      await audit(tx, c, {
        action: 'staff.updated',
        record: { type: 'staff', id },
        before: staffAuditView(before),
        after: staffAuditView(after),
      });
      return { row: after };
    });
    if ('status' in answer) return fail(c, answer.status, answer.message);
    return ok(c, staffListEntryOf(answer.row));
  });
