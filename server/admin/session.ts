import { Hono } from 'hono';
import { type StaffSession, staffLoginBody } from '../../contract/staff';
import { verifyDecoy, verifyPassword } from '../auth/secrets';
import { checkTotp } from '../auth/totp';
import { claimTotpStep, findStaffByEmail } from '../data/staff';
import { openStaffSession, revokeStaffSession } from '../data/staffSessions';
import type { AppEnv } from '../env';
import { bearer } from '../http/auth';
import { invalidField } from '../http/body';
import { clientAddress } from '../http/clientAddress';
import { ok } from '../http/envelope';
import { countLoginAttempt, loginSucceeded } from '../http/loginThrottle';
import { tooMany } from '../http/throttle';
import { formBody } from '../http/validators';
import { audit } from './audit';
import { requireStaff, signedInStaff } from './auth';
import { endStaffSetup } from './setup';
import { staffMemberOf } from './staffViews';

/** One sentence for every failure, so the answer never tells which of the three was wrong. */
export const STAFF_LOGIN_REFUSED = 'That e-mail, password and code do not match a staff account.';

/**
 * Staff sign-in with a password and an authenticator code, counted like a customer's sign-in but
 * under its own keys; a session of STAFF_SESSION_HOURS that is never extended; sign-out.
 */
export const sessionRoutes = new Hono<AppEnv>()
  .post('/login', formBody(staffLoginBody), async (c) => {
    const body = c.req.valid('form');
    const { db, config } = c.var;
    const now = c.var.clock();
    const attempt = await countLoginAttempt(c, body.email, 'staff-login');
    if (!attempt.allowed) return tooMany(c, attempt.retryAfterMs, attempt.message);
    const found = await findStaffByEmail(db, body.email);
    const member = found && found.disabledAt === null ? found : null;
    let passwordRight = false;
    if (member) passwordRight = await verifyPassword(member.passwordHash, body.password);
    else await verifyDecoy(body.password);
    const step = member && passwordRight ? await checkTotp(member.totpSecret, body.code, now) : null;
    if (!member || step === null) throw invalidField('code', STAFF_LOGIN_REFUSED);
    const session = await db.transaction(async (tx) => {
      // A code already used (by this request's twin, or seen over a shoulder) is refused.
      if (!(await claimTotpStep(tx, member.id, step, now))) return null;
      if (member.enrolledAt === null) await endStaffSetup(tx);
      const opened = await openStaffSession(tx, member.id, now, config.staffSessionHours, clientAddress(c));
      c.set('staff', staffMemberOf(member));
      await audit(tx, c, {
        action: 'staff.signedIn',
        record: { type: 'staff', id: member.id },
        before: null,
        after: null,
      });
      return opened;
    });
    if (!session) throw invalidField('code', STAFF_LOGIN_REFUSED);
    await loginSucceeded(c, attempt);
    const answer: StaffSession = {
      token: session.token,
      expires_at: session.expiresAt.toISOString(),
      staff: staffMemberOf(member),
    };
    return ok(c, answer);
  })
  .post('/logout', requireStaff('signedIn'), async (c) => {
    const member = signedInStaff(c);
    const token = bearer(c.req.header('authorization')) ?? '';
    await c.var.db.transaction(async (tx) => {
      await revokeStaffSession(tx, token, c.var.clock());
      await audit(tx, c, {
        action: 'staff.signedOut',
        record: { type: 'staff', id: member.id },
        before: null,
        after: null,
      });
    });
    return ok(c, {});
  })
  .get('/me', requireStaff('signedIn'), (c) => ok(c, signedInStaff(c)));
