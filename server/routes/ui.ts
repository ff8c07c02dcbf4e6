import { Hono } from 'hono';
import type { UiStats } from '../../contract/ui';
import { countCompanies } from '../data/catalogue';
import type { AppEnv } from '../env';
import { ok } from '../http/envelope';

export const uiRoutes = new Hono<AppEnv>().get('/stats', async (c) => {
  const stats: UiStats = { total_companies: await countCompanies(c.var.db) };
  return ok(c, stats);
});
