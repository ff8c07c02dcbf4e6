import { eq, type SQL } from 'drizzle-orm';
import type { StaffMember } from '../../contract/staff';
import { companies } from '../db/schema';

/**
 * What a staff member may see of the customers (issue 32): a rep only the companies attributed to
 * them, everyone else all of them. Every admin query over companies, their orders, invoices, money
 * and sales adds this condition (joined to `companies`), so a rep asking for another rep's company
 * finds nothing: a 404, as for a company that does not exist, never a 403 that confirms it does.
 */
export const repScope = (member: StaffMember): SQL | undefined =>
  member.role === 'rep' ? eq(companies.repStaffId, member.id) : undefined;
