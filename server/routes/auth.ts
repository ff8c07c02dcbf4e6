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
import { findAccount, findFormerAccount, setPassword } from '../data/accounts';
import { consumePasswordReset, createPasswordReset, findPasswordReset } from '../data/passwordResets';
import { registerAccount } from '../data/registration';
import { consumeSigninCode, createSigninCode } from '../data/signinCodes';
import {
  companyDisabledIn,
  companyRemovedFrom,
  endAllSignIns,
  issueTokens,
  revokeSignIn,
  rotateRefreshToken,
} from '../data/tokens';
import { isUniqueViolation } from '../db/errors';
import type { AppEnv } from '../env';
import { answerSent } from '../http/answerSent';
import { bearer, requireUser, signedInUser } from '../http/auth';
import { InvalidFields } from '../http/body';
import { clientKey } from '../http/clientAddress';
import { dashboardCookieDrop } from '../http/cookies';
import { leaveDeviceCookie } from '../http/deviceCookie';
import { fail, ok } from '../http/envelope';
import { countSignInAttempt, forgetLoginFailures, loginSucceeded } from '../http/loginThrottle';
import { askerRefused, mailAsker, mayMail } from '../http/mailThrottle';
import { publicOrigin, REFRESH_REUSE_GRACE_MS, signedInAnswer, tokenLifetimes } from '../http/signIn';
import { tooMany } from '../http/throttle';
import { formBody, query } from '../http/validators';
import { mails } from '../mail/messages';
import { type MailDeps, sendMail } from '../mail/send';
import { brandOf } from '../mail/templates/brand';
import { DAY_MS, HOUR_MS } from '../time';

const RESET_TTL_MS = HOUR_MS;
const SIGNIN_CODE_TTL_MS = 2 * DAY_MS;

const EMAIL_TAKEN = 'An account with this e-mail already exists. Sign in, or reset your password.';
const SAME_ANSWER_RESET =
  'If an account exists for that e-mail, a link to reset the password is on its way. It works for an hour.';
const SAME_ANSWER_LINK =
  'If an account exists for that e-mail, a sign-in link is on its way. It works once, for two days.';
const SIGN_IN_ENDED = 'Your sign-in has ended. Please sign in again.';
/** Issue 32: staff disabled the person's access (it is theirs to give back, not the company's). */
const accessDisabled = (company: string) =>
  `Your access to ${company} is disabled by our staff, so you cannot sign in. Contact us to have it enabled again.`;

const accessRemoved = (company: string) =>
  `Your access to ${company} was removed, so you are signed out. To get it back, ask its owner or an admin to invite you again.`;

/**
 * Work that depends on whether an account exists runs once the answer has gone out, so the answer
 * and its timing are the same either way. Not merely after the handler returns: the embedded
 * database works on this thread, and its queries would hold the answer back on the way out.
 */
function afterAnswer(c: Context<AppEnv>, work: (mail: MailDeps) => Promise<void>) {
  const deps: MailDeps = { db: c.var.db, config: c.var.config, clock: c.var.clock, jobs: c.var.jobs };
  c.var.background.run(async () => {
    await answerSent(c);
    await work(deps);
  });
}

export const authRoutes = new Hono<AppEnv>()
  /**
   * A taken address answers 422 "already exists" (a person needs to know to sign in instead), but not
   * sooner than a new account would: the password is hashed on both paths, and for a taken address
   * the same statements run and are rolled back. The per-address limit keeps anyone from asking
   * about many addresses.
   */
  .post('/register', formBody(registerBody), async (c) => {
    const body = c.req.valid('form');
    const now = c.var.clock();
    const refused = await askerRefused(
      c,
      { address: clientKey(c) },
      'register',
      c.var.config.limits.registerPerAddress,
      'Too many accounts were registered from your network.',
    );
    if (refused) return refused;
    const passwordHash = await hashPassword(body.password);
    const taken = (await findAccount(c.var.db, { email: body.email })) !== null;
    let registered: Awaited<ReturnType<typeof registerAccount>>;
    try {
      registered = await registerAccount(
        c.var.db,
        {
          email: body.email,
          passwordHash,
          firstname: body.firstname,
          lastname: body.lastname,
          // Issue 32: the operator's terms, and the rep whose code the visitor carried.
          company: {
            name: body.company,
            terms: {
              paymentTerms: c.var.config.defaultPaymentTerms.terms,
              creditLimitCents: c.var.config.defaultPaymentTerms.creditLimitCents,
            },
            repCode: body.rep_name,
          },
          source: body.source,
          repName: body.rep_name,
          createdAt: now,
        },
        now,
        tokenLifetimes(c),
        taken,
      );
    } catch (error) {
      // Registered by another request between the lookup and the insert.
      if (isUniqueViolation(error)) throw new InvalidFields({ email: EMAIL_TAKEN });
      throw error;
    }
    if (!registered) throw new InvalidFields({ email: EMAIL_TAKEN });
    const { account, tokens } = registered;
    const brand = brandOf(c.var.config);
    const person = { firstname: account.firstname, company: account.companyName };
    const shop = `${publicOrigin(c)}/shop`;
    afterAnswer(c, async (deps) => sendMail(deps, await mails.welcome(account.email, brand, person, shop)));
    await leaveDeviceCookie(c, account.id);
    return signedInAnswer(c, account, tokens, 'Your account is ready.');
  })

  .post('/login', formBody(loginBody), async (c) => {
    const body = c.req.valid('form');
    const now = c.var.clock();
    const account = await findAccount(c.var.db, { email: body.email });
    const attempt = await countSignInAttempt(c, body.email, account);
    if (!attempt.allowed) return tooMany(c, attempt.retryAfterMs, attempt.message, attempt.after);
    // A former member who knows their password is told why it no longer signs in; anyone else learns
    // nothing more than from a wrong password. One password check either way.
    const former = account ? null : await findFormerAccount(c.var.db, body.email);
    const holder = account ?? former;
    let valid = false;
    if (holder) valid = await verifyPassword(holder.passwordHash, body.password);
    else await verifyDecoy(body.password);
    if (former && valid) return fail(c, 403, accessRemoved(former.companyName));
    if (!account || !valid)
      throw new InvalidFields({ password: 'That e-mail and password do not match an account.' });
    if (account.disabledAt) return fail(c, 403, accessDisabled(account.companyName));
    await loginSucceeded(c, attempt);
    await leaveDeviceCookie(c, account.id);
    return signedInAnswer(c, account, await issueTokens(c.var.db, account.id, now, tokenLifetimes(c)));
  })

  /**
   * A new access token from the shared dashboard cookie (sent as the bearer). The refresh token
   * rotates: the answer sets the cookie to its successor, and the one presented is used up.
   */
  .get('/login/refresh', async (c) => {
    const token = bearer(c.req.header('authorization'));
    const now = c.var.clock();
    const outcome = token
      ? await rotateRefreshToken(c.var.db, token, now, tokenLifetimes(c), REFRESH_REUSE_GRACE_MS)
      : ({ status: 'invalid' } as const);
    if (outcome.status !== 'refreshed') {
      if (outcome.status === 'reused')
        c.var.log.warn(
          { userId: outcome.userId },
          'a replaced refresh token was presented again: its sign-in was ended',
        );
      const company = token ? await companyRemovedFrom(c.var.db, token) : null;
      const disabledIn = token && !company ? await companyDisabledIn(c.var.db, token) : null;
      if (disabledIn)
        return fail(c, 401, accessDisabled(disabledIn), { drop_cookies: [dashboardCookieDrop(c, null)] });
      return fail(c, 401, company ? accessRemoved(company) : SIGN_IN_ENDED, {
        drop_cookies: [dashboardCookieDrop(c, null)],
        ...(company ? { access_removed: { company } } : {}),
      });
    }
    return signedInAnswer(c, outcome.account, outcome.tokens);
  })

  /** A session from a one-time sign-in code: the `hydrate=1&code=...` links the API e-mails. */
  .get('/login/create', query(createSessionQuery), async (c) => {
    const { code } = c.req.valid('query');
    const now = c.var.clock();
    const userId = await consumeSigninCode(c.var.db, code, now);
    const account = userId ? await findAccount(c.var.db, { id: userId }) : null;
    if (account?.disabledAt) return fail(c, 403, accessDisabled(account.companyName));
    if (!account) {
      return fail(
        c,
        410,
        'This sign-in link has expired or was already used. Sign in with your password, or ask for a new link.',
      );
    }
    // The link reached the owner's mailbox: failures counted against the account are forgiven.
    await forgetLoginFailures(c, account.email);
    await leaveDeviceCookie(c, account.id);
    return signedInAnswer(c, account, await issueTokens(c.var.db, account.id, now, tokenLifetimes(c)));
  })

  /** E-mails a one-time sign-in link. Answers the same, at the same speed, whether or not the account exists. */
  .post('/login/link', formBody(emailBody), async (c) => {
    const { email } = c.req.valid('form');
    const { limits } = c.var.config;
    const brand = brandOf(c.var.config);
    const asker = await mailAsker(c, email);
    const refused = await askerRefused(
      c,
      asker,
      'signin-link',
      limits.signinLinkPerAddress,
      'Too many sign-in links were asked for from your network.',
    );
    if (refused) return refused;
    const now = c.var.clock();
    const origin = publicOrigin(c);
    afterAnswer(c, async (deps) => {
      // Counted for every address, so the work after the answer differs as little as it can.
      const allowed = await mayMail(deps, 'sign-in-link', email, asker, now);
      const account = await findAccount(deps.db, { email });
      if (!account || !allowed || account.disabledAt) return;
      const code = await createSigninCode(deps.db, account.id, now, SIGNIN_CODE_TTL_MS);
      await sendMail(
        deps,
        await mails.signInLink(email, brand, account, `${origin}/?hydrate=1&code=${code}`),
      );
    });
    return ok(c, null, {}, SAME_ANSWER_LINK);
  })

  .post('/logout', requireUser, async (c) => {
    await revokeSignIn(c.var.db, signedInUser(c).tokenId, c.var.clock());
    return ok(c, null, { drop_cookies: [dashboardCookieDrop(c, null)] }, 'You are signed out.');
  })

  /** Answers the same, at the same speed, whether or not the account exists, so it cannot find accounts. */
  .post('/forgotpassword', formBody(emailBody), async (c) => {
    const { email } = c.req.valid('form');
    const { limits } = c.var.config;
    const brand = brandOf(c.var.config);
    const asker = await mailAsker(c, email);
    const refused = await askerRefused(
      c,
      asker,
      'reset',
      limits.resetPerAddress,
      'Too many password resets were asked for from your network.',
    );
    if (refused) return refused;
    const now = c.var.clock();
    const origin = publicOrigin(c);
    afterAnswer(c, async (deps) => {
      const allowed = await mayMail(deps, 'password-reset', email, asker, now);
      const account = await findAccount(deps.db, { email });
      if (!account || !allowed) return;
      const { tok, resetcode } = await createPasswordReset(deps.db, account.id, now, RESET_TTL_MS);
      const link = `${origin}/reset-password?tok=${tok}&resetcode=${resetcode}`;
      await sendMail(deps, await mails.passwordReset(email, brand, account, link));
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
    await forgetLoginFailures(c, reset.email);
    await leaveDeviceCookie(c, reset.userId);
    return ok(c, { email: reset.email }, {}, 'Your password is changed. Sign in with it now.');
  });

function resetProblem(c: Parameters<typeof fail>[0], status: 'invalid' | 'expired' | 'used') {
  if (status === 'invalid') return fail(c, 404, 'This reset link is not valid. Ask for a new one.');
  if (status === 'used')
    return fail(c, 410, 'This reset link was already used. Ask for a new one if you need to.');
  return fail(c, 410, 'This reset link has expired (links work for an hour). Ask for a new one.');
}
