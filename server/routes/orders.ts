import { Hono } from 'hono';
import { z } from 'zod';
import type { Order, OrdersStatsAnswer } from '../../contract/cart';
import type { AppEnv } from '../app';
import { orderViews } from '../checkout/view';
import { orderCounts, ordersOfCompany } from '../data/carts';
import { requireUser, signedInUser } from '../http/auth';
import { ok } from '../http/envelope';
import { parseOrThrow } from '../http/validate';

const STATUSES = ['upcoming', 'running', 'completed', 'cancelled'] as const;
const ordersQuery = z.object({
  status: z
    .enum(STATUSES, {
      error: (issue) => `Unknown order status "${String(issue.input)}". Use one of: ${STATUSES.join(', ')}.`,
    })
    .optional(),
});

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
  .get('/', async (c) => {
    const query = parseOrThrow(ordersQuery, c.req.query());
    const { account } = signedInUser(c);
    const orders: Order[] = await orderViews(
      c.var.db,
      await ordersOfCompany(c.var.db, account.companyId, query.status),
    );
    return ok(c, { orders });
  });
