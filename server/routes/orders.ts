import type { Context } from 'hono';
import { Hono } from 'hono';
import { type OrderCounts, ordersCsvQuery, ordersListQuery } from '../../contract/orders';
import { findMediaMany } from '../data/catalogue';
import { runsOfOrders } from '../data/orderRuns';
import { findOrder, ordersForExport, statusCounts } from '../data/orders';
import type { AppEnv } from '../env';
import { requireUser, signedInUser } from '../http/auth';
import { cartCookieDrop } from '../http/cookies';
import { fail, ok } from '../http/envelope';
import { fileIdParam, orderNumberParam } from '../http/params';
import { paymentDeps } from '../http/paymentDeps';
import { query } from '../http/validators';
import { bookAgain } from '../orders/again';
import { orderDetailFor, ordersDueOf, ordersPageOf } from '../orders/answers';
import { cancelOrderOf, orderNotFound } from '../orders/cancel';
import { CSV_HEADER, csvFileName, csvRow, csvText } from '../orders/csv';
import { findProof, proofResponse } from '../orders/proofDownload';

/** A 404 for an address that holds no order number, with an example of one from this year. */
const notAnOrderNumber = (c: Context<AppEnv>) => {
  const year = String(c.var.clock().getUTCFullYear() % 100).padStart(2, '0');
  return fail(
    c,
    404,
    `There is no such order: an order number looks like AD-${year}-000123. Find the order in your orders list.`,
  );
};

/** The signed-in customer's company's orders: lists by tab, counts, one order, cancelling, booking again. */
export const orderRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/stats', async (c) => {
    const { account } = signedInUser(c);
    const counts: OrderCounts = await statusCounts(c.var.db, account.companyId, c.var.clock());
    return ok(c, counts);
  })
  .get('/due', async (c) => {
    const { account } = signedInUser(c);
    return ok(c, await ordersDueOf(c.var.db, account.companyId, c.var.clock()));
  })
  .get('/', query(ordersListQuery), async (c) => {
    const { status, page, q } = c.req.valid('query');
    const { account } = signedInUser(c);
    const { data, meta } = await ordersPageOf(
      c.var.db,
      { companyId: account.companyId, tab: status, page, q },
      c.var.clock(),
    );
    return ok(c, data, meta);
  })
  .get('/:orderNumber', async (c) => {
    const number = orderNumberParam(c, 'orderNumber');
    if (!number) return notAnOrderNumber(c);
    const { account } = signedInUser(c);
    const order = await orderDetailFor(c.var.db, account.companyId, number, c.var.clock(), {
      userId: account.id,
      role: account.role,
    });
    return order ? ok(c, order) : fail(c, 404, orderNotFound(number));
  })
  // Issue 31: the proof that a run ran, uploaded by the back office.
  .get('/:orderNumber/runs/:run/proofs/:id', async (c) => {
    const number = orderNumberParam(c, 'orderNumber');
    if (!number) return notAnOrderNumber(c);
    const { account } = signedInUser(c);
    const record = await findOrder(c.var.db, account.companyId, number);
    if (!record) return fail(c, 404, orderNotFound(number));
    const proof = await findProof(c.var.db, record.order.id, c.req.param('run'), fileIdParam(c, 'id'));
    return proof
      ? proofResponse(c, proof)
      : fail(c, 404, 'There is no such proof of delivery on this order.');
  })
  .post('/:orderNumber/cancel', async (c) => {
    const number = orderNumberParam(c, 'orderNumber');
    if (!number) return notAnOrderNumber(c);
    const { account } = signedInUser(c);
    const outcome = await cancelOrderOf(
      paymentDeps(c, c.var.payments),
      { companyId: account.companyId, number, userId: account.id },
      { userId: account.id, role: account.role },
    );
    if (outcome.status !== 'cancelled') return fail(c, outcome.status, outcome.message);
    return ok(c, outcome.order, {}, `Order ${number} is cancelled.`);
  })
  .post('/:orderNumber/again', async (c) => {
    const number = orderNumberParam(c, 'orderNumber');
    if (!number) return notAnOrderNumber(c);
    const { account } = signedInUser(c);
    const outcome = await bookAgain(
      c.var.db,
      c.var.routes,
      { companyId: account.companyId, number, userId: account.id },
      c.var.clock(),
      c.var.catalogue.calendar,
    );
    if (outcome.status !== 'booked') return fail(c, outcome.status, outcome.message);
    // The cart cookie follows the cart the placement went into, as when an item is added from the shop.
    return ok(
      c,
      outcome.answer,
      { drop_cookies: [cartCookieDrop(c, outcome.answer.cart.uuid)] },
      outcome.message,
    );
  });

/**
 * GET /orders.csv: the company's orders of a tab (or all of them) as a spreadsheet for the accountant.
 * Mounted at the API's root: `/orders.csv` is not a path under `/orders/`.
 */
export const ordersCsvRoutes = new Hono<AppEnv>().get(
  '/orders.csv',
  requireUser,
  query(ordersCsvQuery),
  async (c) => {
    const { status } = c.req.valid('query');
    const { account } = signedInUser(c);
    const now = c.var.clock();
    const records = await ordersForExport(c.var.db, account.companyId, status, now);
    const [placements, kept] = await Promise.all([
      findMediaMany(
        c.var.db,
        records.map((r) => r.item.mediacode),
      ),
      runsOfOrders(
        c.var.db,
        records.map((r) => r.order.id),
      ),
    ]);
    const rows = records.map((r) =>
      csvRow(r, placements.get(r.item.mediacode) ?? null, kept.get(r.order.id) ?? [], now),
    );
    // A byte-order mark, so a spreadsheet opens the file as UTF-8 (names with accents and curly quotes).
    const body = `\uFEFF${csvText([CSV_HEADER, ...rows])}`;
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csvFileName(c.var.config.cookiePrefix, status, now)}"`,
    });
  },
);
