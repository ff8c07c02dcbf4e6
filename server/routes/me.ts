import { Hono } from 'hono';
import { changePasswordBody, meQuery } from '../../contract/auth';
import { hashPassword, verifyPassword } from '../auth/secrets';
import { findAccount, setPassword, toUserData } from '../data/accounts';
import { adoptCartOnSignIn } from '../data/carts';
import { endAllSignIns, issueTokens } from '../data/tokens';
import type { AppEnv } from '../env';
import { requireUser, signedInUser } from '../http/auth';
import { InvalidFields } from '../http/body';
import { ok } from '../http/envelope';
import { countOwnerPasswordAttempt, loginSucceeded } from '../http/loginThrottle';
import { signedInAnswer, tokenLifetimes } from '../http/signIn';
import { tooMany } from '../http/throttle';
import { formBody, query } from '../http/validators';

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
  .get('/', requireUser, query(meQuery), async (c) => {
    const { cart } = c.req.valid('query');
    const signedIn = signedInUser(c);
    let account = signedIn.account;
    if (cart) {
      await adoptCartOnSignIn(c.var.db, account.id, cart, c.var.clock());
      account = (await findAccount(c.var.db, { id: account.id })) ?? account;
    }
    return ok(c, toUserData(account, signedIn.token));
  });
