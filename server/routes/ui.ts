import { Hono } from 'hono';
import type { CompanyFacts, UiPayments, UiStats } from '../../contract/ui';
import { countCompanies } from '../data/catalogue';
import type { AppEnv } from '../env';
import { ok } from '../http/envelope';

export const uiRoutes = new Hono<AppEnv>()
  .get('/stats', async (c) => {
    const stats: UiStats = { total_companies: await countCompanies(c.var.readDb) };
    return ok(c, stats);
  })
  .get('/company', (c) => {
    const { config } = c.var;
    const facts: CompanyFacts = {
      product: config.productName,
      legal_name: config.company.legalName,
      address: config.company.address,
    };
    return ok(c, facts);
  })
  // Issue 30: the storefront offers card payment only where this server takes cards.
  .get('/payments', (c) => {
    const answer: UiPayments = { cards: c.var.payments !== null };
    return ok(c, answer);
  });
