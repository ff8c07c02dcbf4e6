import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { nameOfEmail, setupBody } from '../../contract/staff';
import { hashPassword, hashSecret } from '../auth/secrets';
import { newTotpSecret } from '../auth/totp';
import { forgetServerKey, serverKey, storedServerKey } from '../data/serverKeys';
import { hasEnrolledStaff, insertStaff, removeUnenrolledSetupAdmins } from '../data/staff';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import type { AppEnv } from '../env';
import { invalidField } from '../http/body';
import { clientAddress, clientKey } from '../http/clientAddress';
import { fail, ok } from '../http/envelope';
import { overLimit } from '../http/throttle';
import { formBody } from '../http/validators';
import { auditShell } from './audit';
import { enrolmentOf, staffAuditView } from './staffViews';

export const SETUP_DONE = 'Setup is done: sign in at /admin/login.';
const NO_SETUP = 'There is no setup link on this server: ask an admin of the back office for an invitation.';
const WRONG_LINK = 'That setup link is not this server’s: use the link the server printed when it started.';

/**
 * The setup link's token, while nobody has enrolled in the back office (signed in once with a code);
 * null after. Every server process of one database reads the same token, made by whichever asked first.
 */
export async function staffSetupToken(db: Db): Promise<string | null> {
  if (await hasEnrolledStaff(db)) return null;
  return serverKey(db, 'staff-setup');
}

/** The first enrolment ends the setup link, in that sign-in's transaction. */
export const endStaffSetup = (tx: Db) => forgetServerKey(tx, 'staff-setup');

const sameSecret = (a: string, b: string) =>
  timingSafeEqual(Buffer.from(hashSecret(a)), Buffer.from(hashSecret(b)));

/**
 * POST /admin/setup: the first admin, from the link printed at the first start. Until someone
 * enrols, the link may be used again: it replaces the admin it made before.
 */
export const setupRoutes = new Hono<AppEnv>().post('/setup', formBody(setupBody), async (c) => {
  const body = c.req.valid('form');
  const { db, config } = c.var;
  const now = c.var.clock();
  const address = clientKey(c);
  if (address !== null) {
    const refused = await overLimit(
      c,
      `staff-setup:${address}`,
      config.limits.registerPerAddress,
      'Too many setup attempts from your network.',
    );
    if (refused) return refused;
  }
  const stored = await storedServerKey(db, 'staff-setup');
  if (stored === null)
    return (await hasEnrolledStaff(db)) ? fail(c, 410, SETUP_DONE) : fail(c, 404, NO_SETUP);
  if (!sameSecret(body.token, stored)) return fail(c, 403, WRONG_LINK);
  const passwordHash = await hashPassword(body.password);
  try {
    const made = await db.transaction(async (tx) => {
      if (await hasEnrolledStaff(tx)) return null;
      await removeUnenrolledSetupAdmins(tx);
      const row = await insertStaff(tx, {
        email: body.email,
        name: body.name ?? nameOfEmail(body.email),
        role: 'admin',
        passwordHash,
        totpSecret: newTotpSecret(),
        invitedBy: null,
        now,
      });
      await auditShell(tx, {
        actor: 'setup',
        now,
        action: 'staff.created',
        record: { type: 'staff', id: row.id },
        before: null,
        after: staffAuditView(row),
        address: clientAddress(c),
        requestId: c.var.requestId,
      });
      return row;
    });
    if (!made) return fail(c, 410, SETUP_DONE);
    c.set('audited', true);
    return ok(c, enrolmentOf(config, made));
  } catch (error) {
    if (isUniqueViolation(error))
      throw invalidField('email', `${body.email} already has a staff account: sign in at /admin/login.`);
    throw error;
  }
});
