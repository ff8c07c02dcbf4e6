import type { Context } from 'hono';
import type { AppEnv } from '../env';

/**
 * What the payments code works with in a request (server/payments/reconcile.ts, the cancel): the
 * request's database, jobs, logger and clock, and Stripe's gateway, or null where that code allows it.
 */
export const paymentDeps = <Gateway>(c: Context<AppEnv>, gateway: Gateway) => ({
  db: c.var.db,
  jobs: c.var.jobs,
  gateway,
  logger: c.var.log,
  clock: c.var.clock,
});
