import { Hono } from 'hono';
import { auditQuery } from '../../contract/audit';
import { AUDIT_PER_PAGE, auditPage } from '../data/auditLog';
import type { AppEnv } from '../env';
import { ok, pageMeta } from '../http/envelope';
import { query } from '../http/validators';
import { auditEntryOf } from './auditView';
import { requireStaff } from './auth';

/** GET /admin/audit: the log, filtered in the database, 50 a page, newest first. */
export const auditRoutes = new Hono<AppEnv>().get(
  '/audit',
  requireStaff('audit.read'),
  query(auditQuery),
  async (c) => {
    const filters = c.req.valid('query');
    const { rows, total } = await auditPage(c.var.db, filters);
    return ok(c, { entries: rows.map(auditEntryOf) }, pageMeta(filters.page, AUDIT_PER_PAGE, total));
  },
);
