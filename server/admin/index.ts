import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { adminOrderRoutes } from './orders';

/**
 * The back office's API (issue 31), mounted at /api/v1/admin. Every route here is in
 * contract/staffRoutes.ts with the permission it needs; tests/server/adminRouteTable.test.ts checks
 * the two agree. Staff tokens are looked up only in `staff_sessions` and customer tokens only in
 * `auth_tokens`, so neither side's middleware knows the other's tokens.
 */
export const adminRoutes = new Hono<AppEnv>();

// Issue 31, part 1: staff, sessions, audit.

// Issue 31, part 2: the catalogue.

// Issue 31, part 3: orders and fulfilment.
adminRoutes.route('/', adminOrderRoutes);

// Issue 31, part 4: ad-file review and the design service.
