import { Hono } from 'hono';
import { changePasswordBody, inviteBody, meQuery, type TeamAnswer } from '../../contract/auth';
import type { AppEnv } from '../app';
import { hashPassword, verifyPassword } from '../auth/secrets';
import {
  allowAction,
  createInvite,
  endAllSignIns,
  findAccount,
  issueTokens,
  sendMail,
  setPassword,
  teamOf,
  toUserData,
} from '../data/accounts';
import { adoptCartOnSignIn } from '../data/carts';
import { requireUser, signedInUser } from '../http/auth';
import { InvalidFields, parseForm } from '../http/body';
import { fail, ok } from '../http/envelope';
import { parseOrThrow } from '../http/validate';
import { DAY_MS, publicOrigin, signedInAnswer, tokenLifetimes } from './accountsShared';

const INVITE_TTL_MS = 14 * DAY_MS;
const INVITES_PER_HOUR = 20;
const HOUR_MS = 60 * 60_000;

/**
 * SPEC: GET /me (optional cart: the browser's anonymous cart joins the account, merged into its open
 * cart when it has one); and a password change.
 */
export const meRoutes = new Hono<AppEnv>()
  .post('/password', requireUser, async (c) => {
    const body = await parseForm(c, changePasswordBody);
    const { account } = signedInUser(c);
    const now = c.var.clock();
    if (!(await verifyPassword(account.passwordHash, body.current_password))) {
      throw new InvalidFields({ current_password: 'That is not your current password.' });
    }
    await setPassword(c.var.db, account.id, await hashPassword(body.password));
    // Every other sign-in ends (and any reset or sign-in link); this one goes on with new tokens.
    await endAllSignIns(c.var.db, account.id, now);
    const tokens = await issueTokens(c.var.db, account.id, now, tokenLifetimes(c));
    return signedInAnswer(c, account, tokens, 'Your password is changed. Other devices are signed out.');
  })
  .get('/', requireUser, async (c) => {
    const { cart } = parseOrThrow(meQuery, c.req.query());
    const signedIn = signedInUser(c);
    let account = signedIn.account;
    if (cart) {
      await adoptCartOnSignIn(c.var.db, account.id, cart, c.var.clock());
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
