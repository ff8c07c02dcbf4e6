import { eq, type SQL } from 'drizzle-orm';
import type { StaffMember } from '../../contract/staff';
import { orders } from '../db/schema';
import { repScope } from './repScope';

/**
 * What of the reports a staff member sees (issue 32, acceptance 5): a rep only their own sales. A
 * sale counts for the rep stamped on its order when it was placed (`orders.rep_staff_id`), so a
 * company moved to another rep keeps its past sales with the rep who made them (and the new rep sees
 * only the sales they make). Money received and carts belong to a company rather than an order, and
 * the files at risk are today's work on the company's orders, so those follow the company's current
 * rep (repScope), as every other admin read does.
 */
export const salesScope = (member: StaffMember): SQL | undefined =>
  member.role === 'rep' ? eq(orders.repStaffId, member.id) : undefined;

export const companyScope = repScope;
