import { Hono } from 'hono';
import type { HomeKnown } from '../../contract/platform';
import { PREFERRED_MARKETS, preferredMarkets, recentViews } from '../data/platform';
import type { AppEnv } from '../env';
import { requireUser, signedInUser } from '../http/auth';
import { ok } from '../http/envelope';

/** At most this many recently viewed placements. */
const RECENT_VIEWS = 6;

/** GET /ui/home/known (bearer): the home page of a customer we know. */
export const homeRoutes = new Hono<AppEnv>().get('/home/known', requireUser, async (c) => {
  const { account } = signedInUser(c);
  const [views, markets] = await Promise.all([
    recentViews(c.var.db, account.id, RECENT_VIEWS),
    preferredMarkets(c.var.db, account.id, PREFERRED_MARKETS),
  ]);
  const answer: HomeKnown = {
    firstname: account.firstname,
    recent_views: views,
    markets: markets.map(({ prodcode, name, zip }) => ({ prodcode, name, zip })),
  };
  return ok(c, answer);
});
