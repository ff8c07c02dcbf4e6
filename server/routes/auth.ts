import { type Context, Hono } from 'hono';
import {
  createSessionQuery,
  emailBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  resetVerifyQuery,
} from '../../contract/auth';
import { hashPassword, verifyDecoy, verifyPassword } from '../auth/secrets';
import { createAccount, findAccount, setPassword } from '../data/accounts';
import { sendMail } from '../data/outbox';
import { consumePasswordReset, createPasswordReset, findPasswordReset } from '../data/passwordResets';
import { allowAction, clearFailures, forgetAttempt, recordAttempt } from '../data/rateLimits';
import { consumeSigninCode, createSigninCode } from '../data/signinCodes';
import { endAllSignIns, findLiveToken, issueTokens, revokeSignIn } from '../data/tokens';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import type { AppEnv } from '../env';
import { bearer, requireUser, signedInUser } from '../http/auth';
import { InvalidFields } from '../http/body';
import { dashboardCookieDrop } from '../http/cookies';
import { fail, ok } from '../http/envelope';
import { publicOrigin, signedInAnswer, tokenLifetimes } from '../http/signIn';
import { formBody, query } from '../http/validators';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../time';

const FAILURE_WINDOW_MS = 15 * MINUTE_MS;
const MAX_FAILURES = 5;
const RESET_TTL_MS = HOUR_MS;
const SIGNIN_CODE_TTL_MS = 2 * DAY_MS;
/** E-mails of one kind to one address per hour; more are silently not sent (the answer is the same). */
const MAILS_PER_HOUR = 3;

const EMAIL_TAKEN = 'An account with this e-mail already exists. Sign in, or reset your password.';
const SAME_ANSWER_RESET =
  'If an account exists for that e-mail, a link to reset the password is on its way. It works for an hour.';
const SAME_ANSWER_LINK =
  'If an account exists for that e-mail, a sign-in link is on its way. It works once, for two days.';

/**
 * Work that depends on whether an account exists runs after the answer is sent, so the answer
 * (and its timing) is the same either way.
 */
function afterAnswer(c: Context<AppEnv>, work: () => Promise<void>) {
  c.var.background.run(work);
}

async function mayMail(db: Db, kind: string, email: string, now: Date) {
  return allowAction(db, `mail:${kind}:${email}`, MAILS_PER_HOUR, HOUR_MS, now);
}

export const authRoutes = new Hono<AppEnv>()
  .post('/register', formBody(registerBody), async (c) => {
    const body = c.req.valid('form');
    const now = c.var.clock();
    if (await findAccount(c.var.db, { email: body.email })) throw new InvalidFields({ email: EMAIL_TAKEN });
    let account: Awaited<ReturnType<typeof createAccount>>;
    try {
      account = await createAccount(c.var.db, {
        email: body.email,
        passwordHash: await hashPassword(body.password),
        firstname: body.firstname,
        lastname: body.lastname,
        company: { name: body.company },
        source: body.source,
        repName: body.rep_name,
        createdAt: now,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new InvalidFields({ email: EMAIL_TAKEN });
      throw error;
    }
    const tokens = await issueTokens(c.var.db, account.id, now, tokenLifetimes(c));
    await sendMail(
      c.var.db,
      {
        to: account.email,
        kind: 'welcome',
        subject: `Welcome to ${c.var.config.productName}`,
        body: `Hi ${account.firstname}, your ${c.var.config.productName} account for ${account.companyName} is ready.`,
        link: `${publicOrigin(c)}/shop`,
      },
      now,
    );
    return signedInAnswer(c, account, tokens, 'Your account is ready.');
  })

  .post('/login', formBody(loginBody), async (c) => {
    const body = c.req.valid('form');
    const now = c.var.clock();
    // The attempt counts as a failure from the start; only a right password takes it back.
    const attempt = await recordAttempt(
      c.var.db,
      body.email,
      now,
      new Date(now.getTime() - FAILURE_WINDOW_MS),
    );
    if (attempt.count > MAX_FAILURES) {
      await forgetAttempt(c.var.db, attempt.id);
      const retryAfter = Math.max(
        1,
        Math.ceil((attempt.oldest.getTime() + FAILURE_WINDOW_MS - now.getTime()) / 1000),
      );
      c.header('Retry-After', String(retryAfter));
      const minutes = Math.ceil(retryAfter / 60);
      return fail(
        c,
        429,
        `Too many failed sign-ins for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
      );
    }
    const account = await findAccount(c.var.db, { email: body.email });
    let valid = false;
    if (account) valid = await verifyPassword(account.passwordHash, body.password);
    else await verifyDecoy(body.password);
    if (!account || !valid)
      throw new InvalidFields({ password: 'That e-mail and password do not match an account.' });
    await clearFailures(c.var.db, body.email);
    return signedInAnswer(c, account, await issueTokens(c.var.db, account.id, now, tokenLifetimes(c)));
  })

  /** A new access token from the shared dashboard cookie (sent as the bearer). */
  .get('/login/refresh', async (c) => {
    const token = bearer(c.req.header('authorization'));
    const now = c.var.clock();
    const live = token ? await findLiveToken(c.var.db, token, 'refresh', now) : null;
    if (!token || !live) {
      return fail(c, 401, 'Your sign-in has ended. Please sign in again.', {
        drop_cookies: [dashboardCookieDrop(c, null)],
      });
    }
    const tokens = await issueTokens(c.var.db, live.account.id, now, tokenLifetimes(c), {
      id: live.id,
      token,
    });
    return signedInAnswer(c, live.account, tokens);
  })

  /** A session from a one-time sign-in code: the `hydrate=1&code=...` links the API e-mails. */
  .get('/login/create', query(createSessionQuery), async (c) => {
    const { code } = c.req.valid('query');
    const now = c.var.clock();
    const userId = await consumeSigninCode(c.var.db, code, now);
    const account = userId ? await findAccount(c.var.db, { id: userId }) : null;
    if (!account) {
      return fail(
        c,
        410,
        'This sign-in link has expired or was already used. Sign in with your password, or ask for a new link.',
      );
    }
    return signedInAnswer(c, account, await issueTokens(c.var.db, account.id, now, tokenLifetimes(c)));
  })

  /** E-mails a one-time sign-in link. Answers the same, at the same speed, whether or not the account exists. */
  .post('/login/link', formBody(emailBody), async (c) => {
    const { email } = c.req.valid('form');
    const now = c.var.clock();
    const { db, config } = c.var;
    const origin = publicOrigin(c);
    afterAnswer(c, async () => {
      const account = await findAccount(db, { email });
      if (!account || !(await mayMail(db, 'sign-in-link', email, now))) return;
      const code = await createSigninCode(db, account.id, now, SIGNIN_CODE_TTL_MS);
      await sendMail(
        db,
        {
          to: email,
          kind: 'sign-in-link',
          subject: `Your ${config.productName} sign-in link`,
          body: `Hi ${account.firstname}, open this link to sign in. It works once, for two days.`,
          link: `${origin}/?hydrate=1&code=${code}`,
        },
        now,
      );
    });
    return ok(c, null, {}, SAME_ANSWER_LINK);
  })

  .post('/logout', requireUser, async (c) => {
    const signedIn = signedInUser(c);
    await revokeSignIn(c.var.db, signedIn.tokenId, signedIn.refreshId, c.var.clock());
    return ok(c, null, { drop_cookies: [dashboardCookieDrop(c, null)] }, 'You are signed out.');
  })

  /** Answers the same, at the same speed, whether or not the account exists, so it cannot find accounts. */
  .post('/forgotpassword', formBody(emailBody), async (c) => {
    const { email } = c.req.valid('form');
    const now = c.var.clock();
    const { db, config } = c.var;
    const origin = publicOrigin(c);
    afterAnswer(c, async () => {
      const account = await findAccount(db, { email });
      if (!account || !(await mayMail(db, 'password-reset', email, now))) return;
      const { tok, resetcode } = await createPasswordReset(db, account.id, now, RESET_TTL_MS);
      await sendMail(
        db,
        {
          to: email,
          kind: 'password-reset',
          subject: `Reset your ${config.productName} password`,
          body: `Hi ${account.firstname}, open this link to choose a new password. It works once, for an hour. If you did not ask for it, ignore this e-mail.`,
          link: `${origin}/reset-password?tok=${tok}&resetcode=${resetcode}`,
        },
        now,
      );
    });
    return ok(c, null, {}, SAME_ANSWER_RESET);
  })

  .get('/resetverify', query(resetVerifyQuery), async (c) => {
    const { tok, resetcode } = c.req.valid('query');
    const reset = await findPasswordReset(c.var.db, tok, resetcode, c.var.clock());
    if (reset.status === 'valid') return ok(c, { email: reset.email });
    return resetProblem(c, reset.status);
  })

  .post('/resetpassword', formBody(resetPasswordBody), async (c) => {
    const body = c.req.valid('form');
    const now = c.var.clock();
    const reset = await findPasswordReset(c.var.db, body.tok, body.resetcode, now);
    if (reset.status !== 'valid') return resetProblem(c, reset.status);
    if (!(await consumePasswordReset(c.var.db, reset.id, now))) return resetProblem(c, 'used');
    await setPassword(c.var.db, reset.userId, await hashPassword(body.password));
    // A new password ends every way in that existed, in case the old one was known to someone else.
    await endAllSignIns(c.var.db, reset.userId, now);
    await clearFailures(c.var.db, reset.email);
    return ok(c, { email: reset.email }, {}, 'Your password is changed. Sign in with it now.');
  });

function resetProblem(c: Parameters<typeof fail>[0], status: 'invalid' | 'expired' | 'used') {
  if (status === 'invalid') return fail(c, 404, 'This reset link is not valid. Ask for a new one.');
  if (status === 'used')
    return fail(c, 410, 'This reset link was already used. Ask for a new one if you need to.');
  return fail(c, 410, 'This reset link has expired (links work for an hour). Ask for a new one.');
}
