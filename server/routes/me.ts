import { Hono } from 'hono';
import {
  changePasswordBody,
  emailChangeBody,
  emailConfirmBody,
  meQuery,
  profileBody,
} from '../../contract/auth';
import { UNAUTHENTICATED } from '../../contract/messages';
import { can } from '../../contract/roles';
import { hashPassword, verifyPassword } from '../auth/secrets';
import { adoptCartOnSignIn } from '../data/accountCarts';
import { findAccount, setPassword } from '../data/accounts';
import { avatarImage, removeAvatar, replaceAvatar } from '../data/avatars';
import { confirmEmailChange, createEmailChange } from '../data/emailChanges';
import { updateProfile } from '../data/profiles';
import { endAllSignIns, issueTokens } from '../data/tokens';
import { isUniqueViolation } from '../db/errors';
import type { AppEnv } from '../env';
import { requireUser, signedInUser } from '../http/auth';
import { InvalidFields, readBody } from '../http/body';
import { fail, ok } from '../http/envelope';
import { countOwnerPasswordAttempt, loginSucceeded } from '../http/loginThrottle';
import { publicOrigin, signedInAnswer, tokenLifetimes, userDataOf } from '../http/signIn';
import { overLimit, tooMany } from '../http/throttle';
import { formBody, inputBody, query } from '../http/validators';
import { queueMail } from '../mail/events';
import { mails } from '../mail/messages';
import { sendMail } from '../mail/send';
import { brandOf } from '../mail/templates/brand';
import { AVATAR_MAX_BYTES, avatarWebp, UnreadableImage } from '../profile/avatar';
import { DAY_MS } from '../time';

const EMAIL_CHANGE_TTL_MS = DAY_MS;

/**
 * SPEC: GET /me (optional cart: the browser's anonymous cart joins the account, merged into its open
 * cart when it has one); and a password change.
 */
export const meRoutes = new Hono<AppEnv>()
  .post('/password', requireUser, formBody(changePasswordBody), async (c) => {
    const body = c.req.valid('form');
    const { account } = signedInUser(c);
    const now = c.var.clock();
    const attempt = await countOwnerPasswordAttempt(c, account.id);
    if (!attempt.allowed) return tooMany(c, attempt.retryAfterMs, attempt.message, attempt.after);
    if (!(await verifyPassword(account.passwordHash, body.current_password))) {
      throw new InvalidFields({ current_password: 'That is not your current password.' });
    }
    await loginSucceeded(c, attempt);
    await setPassword(c.var.db, account.id, await hashPassword(body.password));
    // Every other sign-in ends (and any reset or sign-in link); this one goes on with new tokens.
    await endAllSignIns(c.var.db, account.id, now);
    const tokens = await issueTokens(c.var.db, account.id, now, tokenLifetimes(c));
    return signedInAnswer(c, account, tokens, 'Your password is changed. Other devices are signed out.');
  })
  .patch('/', requireUser, formBody(profileBody), async (c) => {
    const body = c.req.valid('form');
    const signedIn = signedInUser(c);
    const { account } = signedIn;
    const renames = body.company !== undefined && body.company !== account.companyName;
    if (renames && !can(account.role, 'renameCompany')) {
      throw new InvalidFields({
        company: `Only the owner or an admin can rename ${account.companyName}: it is the whole team's.`,
      });
    }
    await updateProfile(c.var.db, account, {
      firstname: body.firstname,
      lastname: body.lastname,
      phone: body.phone,
      adReminders: body.ad_reminders,
      teamNews: body.team_news,
      receiptCopies: body.receipt_copies,
      company: renames ? body.company : undefined,
    });
    const updated = await findAccount(c.var.db, { id: account.id });
    if (!updated) return fail(c, 401, UNAUTHENTICATED);
    return ok(c, await userDataOf(c, signedIn, updated), {}, 'Your profile is saved.');
  })
  .post('/avatar', requireUser, async (c) => {
    const signedIn = signedInUser(c);
    const { account } = signedIn;
    // Only a form carries a picture: anything else is refused before up to 5 MB of it is parsed.
    if (!(c.req.header('content-type') ?? '').toLowerCase().includes('multipart/form-data')) {
      throw new InvalidFields({
        avatar: 'Choose a picture: send it as the form field "avatar" (multipart/form-data).',
      });
    }
    const body = await readBody(c);
    const file =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>).avatar : undefined;
    if (!(file instanceof File)) {
      throw new InvalidFields({ avatar: 'Choose a picture: send it as the form field "avatar".' });
    }
    if (file.size > AVATAR_MAX_BYTES) {
      throw new InvalidFields({ avatar: 'That picture is over 5 MB. Choose a smaller one.' });
    }
    let image: Buffer;
    try {
      image = await avatarWebp(new Uint8Array(await file.arrayBuffer()));
    } catch (error) {
      if (error instanceof UnreadableImage) throw new InvalidFields({ avatar: error.message });
      throw error;
    }
    await replaceAvatar(c.var.db, account.id, image, c.var.clock());
    const updated = await findAccount(c.var.db, { id: account.id });
    if (!updated) return fail(c, 401, UNAUTHENTICATED);
    return ok(c, await userDataOf(c, signedIn, updated), {}, 'Your picture is saved.');
  })
  .delete('/avatar', requireUser, async (c) => {
    const signedIn = signedInUser(c);
    const { account } = signedIn;
    await removeAvatar(c.var.db, account.id);
    const updated = await findAccount(c.var.db, { id: account.id });
    if (!updated) return fail(c, 401, UNAUTHENTICATED);
    return ok(c, await userDataOf(c, signedIn, updated), {}, 'Your picture is removed.');
  })
  .post('/email', requireUser, formBody(emailChangeBody), async (c) => {
    const body = c.req.valid('form');
    const { account } = signedInUser(c);
    const now = c.var.clock();
    if (body.email === account.email) {
      throw new InvalidFields({ email: 'That is already the address you sign in with.' });
    }
    const attempt = await countOwnerPasswordAttempt(c, account.id);
    if (!attempt.allowed) return tooMany(c, attempt.retryAfterMs, attempt.message, attempt.after);
    if (!(await verifyPassword(account.passwordHash, body.current_password))) {
      throw new InvalidFields({ current_password: 'That is not your current password.' });
    }
    await loginSucceeded(c, attempt);
    const refused = await overLimit(
      c,
      `email-change:${account.id}`,
      c.var.config.limits.emailChangePerAccount,
      'You have asked to change your e-mail address many times recently.',
    );
    if (refused) return refused;
    // An address in use is not told apart here (that would tell who has an account): the link says so.
    const code = await createEmailChange(c.var.db, account.id, body.email, now, EMAIL_CHANGE_TTL_MS);
    const brand = brandOf(c.var.config);
    const link = `${publicOrigin(c)}/confirm-email?code=${code}`;
    const deps = { db: c.var.db, config: c.var.config, clock: c.var.clock, jobs: c.var.jobs };
    c.var.background.run(async () => {
      await sendMail(deps, await mails.emailChange(body.email, brand, account, link));
      await sendMail(deps, await mails.emailChangeNotice(account.email, brand, account, body.email));
    });
    return ok(
      c,
      { email: body.email },
      {},
      `We sent a link to ${body.email}. Your address changes when you open it; until then, sign in with ${account.email}.`,
    );
  })
  .post('/email/confirm', inputBody(emailConfirmBody), async (c) => {
    const { code } = c.req.valid('form');
    let outcome: Awaited<ReturnType<typeof confirmEmailChange>>;
    try {
      outcome = await confirmEmailChange(c.var.db, code, c.var.clock());
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      outcome = { status: 'taken', email: 'that address' };
    }
    if (outcome.status === 'invalid')
      return fail(
        c,
        410,
        'This link has expired or was already used. Ask for the change again on your profile.',
      );
    if (outcome.status === 'taken')
      return fail(
        c,
        409,
        `Another account signs in with ${outcome.email}, so yours keeps its address. Choose another one.`,
      );
    const { userId, oldEmail } = outcome;
    const at = c.var.clock().toISOString();
    await c.var.jobs.inTransaction(c.var.db, (_tx, send) =>
      queueMail(send, { event: 'email.changed', userId, oldEmail, at }),
    );
    return ok(c, { email: outcome.email }, {}, `You now sign in with ${outcome.email}.`);
  })
  .get('/', requireUser, query(meQuery), async (c) => {
    const { cart } = c.req.valid('query');
    const signedIn = signedInUser(c);
    let account = signedIn.account;
    if (cart) {
      await adoptCartOnSignIn(c.var.db, account.id, cart, c.var.clock());
      account = (await findAccount(c.var.db, { id: account.id })) ?? account;
    }
    return ok(c, await userDataOf(c, signedIn, account));
  });

/** GET /avatars/{id}.webp: a kept profile picture, public and cached for good (a new one has a new id). */
export const avatarRoutes = new Hono<AppEnv>().get('/:file', async (c) => {
  const id = /^([0-9a-f-]{36})\.webp$/.exec(c.req.param('file'))?.[1];
  const image = id ? await avatarImage(c.var.db, id) : null;
  if (!image) return fail(c, 404, 'There is no such picture: it was replaced or removed.');
  return c.body(new Uint8Array(image), 200, {
    'Content-Type': 'image/webp',
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
});
