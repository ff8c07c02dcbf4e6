import { Hono } from 'hono';
import { inviteBody, type TeamAnswer } from '../../contract/auth';
import { findAccount } from '../data/accounts';
import { createInvite, teamOf } from '../data/invitations';
import type { AppEnv } from '../env';
import { requireUser, signedInUser } from '../http/auth';
import { InvalidFields } from '../http/body';
import { ok } from '../http/envelope';
import { publicOrigin } from '../http/signIn';
import { overLimit } from '../http/throttle';
import { formBody } from '../http/validators';
import { mails } from '../mail/messages';
import { sendMail } from '../mail/send';
import { DAY_MS } from '../time';

const INVITE_TTL_MS = 14 * DAY_MS;

/** The company's team: members and open invitations, and inviting a colleague by e-mail. */
export const teamRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/', async (c) => {
    const { account } = signedInUser(c);
    const team = await teamOf(c.var.db, account.companyId, c.var.clock());
    const answer: TeamAnswer = {
      members: team.members.map((m) => ({
        uuid: m.uuid,
        fullname: `${m.firstname} ${m.lastname}`,
        email: m.email,
        you: m.uuid === account.id,
      })),
      invites: team.invites.map((i) => ({
        uuid: i.uuid,
        email: i.email,
        created_at: i.createdAt.toISOString(),
      })),
    };
    return ok(c, answer);
  })
  .post('/invite', formBody(inviteBody), async (c) => {
    const body = c.req.valid('form');
    const { account } = signedInUser(c);
    const now = c.var.clock();
    const refused = await overLimit(
      c,
      `invite:${account.id}`,
      c.var.config.limits.invitePerAccount,
      'You have sent many invitations recently.',
    );
    if (refused) return refused;
    // Only a teammate is named; whether the address has an account elsewhere is not told.
    const existing = await findAccount(c.var.db, { email: body.email });
    if (existing && existing.companyId === account.companyId) {
      throw new InvalidFields({ email: `${body.email} is already on your team.` });
    }
    const uuid = await createInvite(
      c.var.db,
      { ...body, companyId: account.companyId, invitedBy: account.id },
      now,
      INVITE_TTL_MS,
    );
    const invitation = mails.colleagueInvite(
      body.email,
      c.var.config.productName,
      { firstname: account.firstname, lastname: account.lastname, company: account.companyName },
      `${publicOrigin(c)}/join?uuid=${uuid}&coid=${account.coid}`,
    );
    const deps = { db: c.var.db, config: c.var.config, clock: c.var.clock };
    c.var.background.run(() => sendMail(deps, invitation));
    return ok(c, { uuid }, {}, `Invitation sent to ${body.email}.`);
  });
