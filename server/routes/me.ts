import { Hono } from 'hono';
import { inviteBody, meQuery, type TeamAnswer } from '../../contract/auth';
import type { AppEnv } from '../app';
import { adoptCart, createInvite, findAccount, sendMail, teamOf, toUserData } from '../data/accounts';
import { requireUser, signedInUser } from '../http/auth';
import { InvalidFields, parseForm } from '../http/body';
import { ok } from '../http/envelope';
import { parseOrThrow } from '../http/validate';
import { DAY_MS, publicOrigin } from './accountsShared';

const INVITE_TTL_MS = 14 * DAY_MS;

/** SPEC: GET /me (optional cart, adopted by the account when it has none). */
export const meRoutes = new Hono<AppEnv>().get('/', requireUser, async (c) => {
  const { cart } = parseOrThrow(meQuery, c.req.query());
  const signedIn = signedInUser(c);
  let account = signedIn.account;
  if (cart && !account.cartUuid) {
    await adoptCart(c.var.db, account.id, cart);
    account = (await findAccount(c.var.db, { id: account.id })) ?? account;
  }
  return ok(c, toUserData(account, signedIn.token));
});

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
  .post('/invite', async (c) => {
    const body = await parseForm(c, inviteBody);
    const { account } = signedInUser(c);
    const now = c.var.clock();
    const existing = await findAccount(c.var.db, { email: body.email });
    if (existing) {
      throw new InvalidFields({
        email:
          existing.companyId === account.companyId
            ? `${body.email} is already on your team.`
            : `${body.email} already has an account with another company.`,
      });
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
