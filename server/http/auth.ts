import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { UNAUTHENTICATED } from '../../contract/messages';
import { can, type Permission } from '../../contract/roles';
import type { Account } from '../data/accounts';
import { companyRemovedFrom, findLiveToken } from '../data/tokens';
import type { AppEnv, SignedIn } from '../env';
import { fail } from './envelope';

export type { SignedIn };

export const bearer = (header: string | undefined) => header?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;

/**
 * Requires a live access token (`Authorization: Bearer ...`). Anything else answers 401 with the
 * exact message `Unauthenticated.`, which the storefront treats as "signed out" (SPEC section 4); a
 * former member's token also says, in `meta.access_removed`, which company removed them.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearer(c.req.header('authorization'));
  const live = token ? await findLiveToken(c.var.db, token, 'access', c.var.clock()) : null;
  if (!token || !live) {
    const company = token ? await companyRemovedFrom(c.var.db, token) : null;
    return fail(c, 401, UNAUTHENTICATED, company ? { access_removed: { company } } : {});
  }
  c.set('signedIn', {
    account: live.account,
    token,
    tokenId: live.id,
    refreshId: live.refreshId,
    family: live.family,
  });
  await next();
});

/**
 * The customer of an optionally authenticated call: the account of a live bearer access token, or null
 * (no token, or one that is unknown, expired or revoked: the call is then anonymous).
 */
export async function optionalUser(c: Context<AppEnv>): Promise<Account | null> {
  const token = bearer(c.req.header('authorization'));
  if (!token) return null;
  const live = await findLiveToken(c.var.db, token, 'access', c.var.clock());
  return live?.account ?? null;
}

/** The signed-in customer of a route behind `requireUser`. */
export function signedInUser(c: Context<AppEnv>): SignedIn {
  const signedIn = c.var.signedIn;
  if (!signedIn) throw new HTTPException(401, { message: UNAUTHENTICATED });
  return signedIn;
}

/**
 * Allows the rest of the route to people whose role may do it (contract/roles.ts); anyone else of the
 * company is answered 403 with `message`, which says who may.
 */
export const requirePermission = (permission: Permission, message: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!can(signedInUser(c).account.role, permission)) return fail(c, 403, message);
    await next();
  });
