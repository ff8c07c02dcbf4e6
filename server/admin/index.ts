import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { auditRoutes } from './auditRoutes';
import { companyRoutes } from './companies';
import { adminDesignRoutes } from './design';
import { adminFileRoutes } from './files';
import { joinRoutes } from './join';
import { moneyRoutes } from './money';
import { adminOrderRoutes } from './orders';
import { placementRoutes } from './placements';
import { receivablesRoutes } from './receivablesRoutes';
import { reportRoutes } from './reports';
import { sessionRoutes } from './session';
import { setupRoutes } from './setup';
import { staffRoutes } from './staffRoutes';

/**
 * The back office's API (issue 31), mounted at /api/v1/admin. Every route here is in
 * contract/staffRoutes.ts with the permission it needs; tests/server/adminRouteTable.test.ts checks
 * the two agree. Staff tokens are looked up only in `staff_sessions` and customer tokens only in
 * `auth_tokens`, so neither side's middleware knows the other's tokens.
 */
export const adminRoutes = new Hono<AppEnv>();

// Issue 31, part 1: staff, sessions, audit.
// First, so it sees every write's answer: a write that succeeded without an audit entry is a bug to find.
adminRoutes.use(async (c, next) => {
  await next();
  const write = c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.method !== 'OPTIONS';
  if (write && c.res.status < 400 && !c.var.audited)
    c.var.log.error(
      { method: c.req.method, path: c.req.path },
      'a staff write answered without an audit entry',
    );
});
adminRoutes.route('/', setupRoutes);
adminRoutes.route('/', joinRoutes);
adminRoutes.route('/', sessionRoutes);
adminRoutes.route('/', staffRoutes);
adminRoutes.route('/', auditRoutes);

// Issue 31, part 2: the catalogue.
adminRoutes.route('/', placementRoutes);

// Issue 31, part 3: orders and fulfilment.
adminRoutes.route('/', adminOrderRoutes);

// Issue 31, part 4: ad-file review and the design service (the upload store is c.var.uploads).
adminRoutes.route('/files', adminFileRoutes);
adminRoutes.route('/orders', adminDesignRoutes);

// Issue 32, part 1: customers, their people, terms and reps.
adminRoutes.route('/', companyRoutes);

// Issue 32, part 2: money in (payments, credits).
adminRoutes.route('/', moneyRoutes);

// Issue 32, part 3: receivables.
adminRoutes.route('/', receivablesRoutes);

// Issue 32, part 4: reports.
adminRoutes.route('/', reportRoutes);
