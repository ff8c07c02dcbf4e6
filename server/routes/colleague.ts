import { Hono } from 'hono';
import { type ColleagueInvite, colleagueCreateBody, colleagueValidateBody } from '../../contract/auth';
import { hashPassword } from '../auth/secrets';
import { createAccount, findAccount } from '../data/accounts';
import { acceptInvite, findInvite, type InviteLookup } from '../data/invitations';
import { rejoin } from '../data/members';
import { issueTokens } from '../data/tokens';
import { isUniqueViolation } from '../db/errors';
import type { AppEnv } from '../env';
import { InvalidFields } from '../http/body';
import { leaveDeviceCookie } from '../http/deviceCookie';
import { fail, ok } from '../http/envelope';
import { signedInAnswer, tokenLifetimes } from '../http/signIn';
import { formBody, inputBody } from '../http/validators';
import { queueMail } from '../mail/events';

function inviteProblem(c: Parameters<typeof fail>[0], status: Exclude<InviteLookup['status'], 'valid'>) {
  if (status === 'invalid')
    return fail(c, 404, 'This invitation link is not valid. Ask your colleague to send a new one.');
  if (status === 'cancelled')
    return fail(
      c,
      410,
      'This invitation was cancelled. Ask your colleague to send a new one if you should join.',
    );
  if (status === 'accepted')
    return fail(c, 410, 'This invitation was already used. Sign in with the account it created.');
  return fail(c, 410, 'This invitation has expired. Ask your colleague to send a new one.');
}

/** SPEC: POST /colleague/validate (uuid, coid) and POST /colleague/create (colleague fields). */
export const colleagueRoutes = new Hono<AppEnv>()
  .post('/validate', inputBody(colleagueValidateBody), async (c) => {
    const body = c.req.valid('form');
    const invite = await findInvite(c.var.db, body.uuid, body.coid, c.var.clock());
    if (invite.status !== 'valid') return inviteProblem(c, invite.status);
    const answer: ColleagueInvite = {
      email: invite.email,
      firstname: invite.firstname,
      lastname: invite.lastname,
      company: invite.company,
    };
    return ok(c, answer);
  })
  .post('/create', formBody(colleagueCreateBody), async (c) => {
    const body = c.req.valid('form');
    const now = c.var.clock();
    const invite = await findInvite(c.var.db, body.uuid, body.coid, now);
    if (invite.status !== 'valid') return inviteProblem(c, invite.status);
    // The invitation was e-mailed to one address: it is the proof, so the account uses that address.
    if (body.email !== invite.email) {
      throw new InvalidFields({ email: `Use the address the invitation was sent to: ${invite.email}.` });
    }
    if (await findAccount(c.var.db, { email: body.email })) {
      throw new InvalidFields({ email: 'An account with this e-mail already exists. Sign in instead.' });
    }
    const passwordHash = await hashPassword(body.password);
    let account: Awaited<ReturnType<typeof createAccount>>;
    try {
      // Using the invitation and creating the account succeed or fail together.
      account = await c.var.db.transaction(async (tx) => {
        if (!(await acceptInvite(tx, body.uuid, now))) throw new InviteAlreadyUsed();
        const back = await rejoin(tx, invite.companyId, body.email, {
          passwordHash,
          firstname: body.firstname,
          lastname: body.lastname,
          role: invite.role,
        });
        if (back) {
          const returning = await findAccount(tx, { id: back });
          if (!returning) throw new Error('The returning account could not be read back.');
          return returning;
        }
        return createAccount(tx, {
          email: body.email,
          passwordHash,
          firstname: body.firstname,
          lastname: body.lastname,
          company: { id: invite.companyId, role: invite.role },
          createdAt: now,
        });
      });
    } catch (error) {
      if (error instanceof InviteAlreadyUsed) return inviteProblem(c, 'accepted');
      if (isUniqueViolation(error))
        throw new InvalidFields({ email: 'An account with this e-mail already exists. Sign in instead.' });
      throw error;
    }
    const tokens = await issueTokens(c.var.db, account.id, now, tokenLifetimes(c));
    const joined = account.id;
    await c.var.jobs.inTransaction(c.var.db, (_tx, send) =>
      queueMail(send, { event: 'team.joined', userId: joined }),
    );
    await leaveDeviceCookie(c, account.id);
    return signedInAnswer(c, account, tokens, `Welcome to ${invite.company} on ${c.var.config.productName}.`);
  });

class InviteAlreadyUsed extends Error {}
