import { Hono } from 'hono';
import { userUuidParam } from '../../contract/params';
import type { MarketPreferences } from '../../contract/platform';
import { PREFERRED_MARKETS, preferredMarkets } from '../data/platform';
import type { AppEnv } from '../env';
import { requireUser, signedInUser } from '../http/auth';
import { fail, ok } from '../http/envelope';
import { params } from '../http/validators';

/** GET /market/preferences/{uuid} (bearer, one's own uuid only). */
export const preferenceRoutes = new Hono<AppEnv>().get(
  '/preferences/:uuid',
  requireUser,
  params({ uuid: userUuidParam }),
  async (c) => {
    const uuid = c.req.valid('param').uuid.toLowerCase();
    const { account } = signedInUser(c);
    if (uuid !== account.id.toLowerCase())
      return fail(c, 403, 'You can only read your own market preferences.');
    const answer: MarketPreferences = {
      markets: await preferredMarkets(c.var.db, account.id, PREFERRED_MARKETS),
    };
    return ok(c, answer);
  },
);
