import { Hono } from 'hono';
import { type Order, type OrdersStatsAnswer, ordersQuery } from '../../contract/cart';
import { orderViews } from '../checkout/view';
import { orderCounts, ordersOfCompany } from '../data/carts';
import type { AppEnv } from '../env';
import { requireUser, signedInUser } from '../http/auth';
import { ok } from '../http/envelope';
import { query } from '../http/validators';

/** The signed-in customer's company's orders (newest first) and how many there are of each status. */
export const orderRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/stats', async (c) => {
    const { account } = signedInUser(c);
    const counts = await orderCounts(c.var.db, account.companyId);
    const stats: OrdersStatsAnswer = {
      upcoming: counts.upcoming,
      running: counts.running,
      completed: counts.completed,
    };
    return ok(c, stats);
  })
  .get('/', query(ordersQuery), async (c) => {
    const { status } = c.req.valid('query');
    const { account } = signedInUser(c);
    const orders: Order[] = await orderViews(
      c.var.db,
      await ordersOfCompany(c.var.db, account.companyId, status),
    );
    return ok(c, { orders });
  });
