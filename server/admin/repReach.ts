import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { companies } from '../db/schema';
import type { AppEnv } from '../env';
import { signedInStaff } from './auth';
import { repScope } from './repScope';

/**
 * Whether the signed-in staff member may see a company's records (issue 32): a rep only their own
 * companies', anyone else every company's. A route that finds a record by its number or id asks this
 * before answering, and answers 404 when not, as for a record that does not exist.
 */
export async function staffMaySee(c: Context<AppEnv>, companyId: number): Promise<boolean> {
  const scope = repScope(signedInStaff(c));
  if (!scope) return true;
  const [row] = await c.var.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), scope))
    .limit(1);
  return row !== undefined;
}
