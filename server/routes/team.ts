import { Hono } from 'hono';
import { inviteBody, type TeamAnswer } from '../../contract/auth';
import { findAccount } from '../data/accounts';
import { createInvite, teamOf } from '../data/invitations';
import { sendMail } from '../data/outbox';
import { allowAction } from '../data/rateLimits';
import type { AppEnv } from '../env';
import { requireUser, signedInUser } from '../http/auth';
import { InvalidFields } from '../http/body';
import { fail, ok } from '../http/envelope';
import { publicOrigin } from '../http/signIn';
import { formBody } from '../http/validators';
import { DAY_MS, HOUR_MS } from '../time';

const INVITE_TTL_MS = 14 * DAY_MS;
const INVITES_PER_HOUR = 20;

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
    if (!(await allowAction(c.var.db, `invite:${account.id}`, INVITES_PER_HOUR, HOUR_MS, now))) {
      return fail(c, 429, 'You have sent many invitations in the last hour. Try again later.');
    }
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
    const product = c.var.config.productName;
    await sendMail(
      c.var.db,
      {
        to: body.email,
        kind: 'colleague-invite',
        subject: `${account.firstname} ${account.lastname} invited you to ${account.companyName} on ${product}`,
        body: `${account.firstname} invited you to buy advertising with ${account.companyName} on ${product}. Open the link to create your account; it works for 14 days.`,
        link: `${publicOrigin(c)}/join?uuid=${uuid}&coid=${account.coid}`,
      },
      now,
    );
    return ok(c, { uuid }, {}, `Invitation sent to ${body.email}.`);
  });
