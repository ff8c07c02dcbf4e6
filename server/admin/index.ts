import { Hono } from 'hono';
import type { AppEnv } from '../env';
import type { UploadStorage } from '../files/storage';
import { adminDesignRoutes } from './design';
import { adminFileRoutes } from './files';

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

// Issue 31, part 4: ad-file review and the design service. They read and write the upload store, which
// the app opens on first use: app.ts mounts them with it, beside adminRoutes.
export const adminStorageRoutes = (storage: () => Promise<UploadStorage>) =>
  new Hono<AppEnv>().route('/files', adminFileRoutes(storage)).route('/orders', adminDesignRoutes(storage));
