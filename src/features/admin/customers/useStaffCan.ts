import { useSelector } from '@xstate/react';
import { type StaffPermission, staffCan } from '../../../../contract/staff';
import { staffSessionActor } from '../../../system/admin/session';

/** Whether the signed-in staff member's role has `permission`: what a page offers (the server decides). */
export function useStaffCan(permission: StaffPermission): boolean {
  const role = useSelector(staffSessionActor(), (s) => s.context.session?.staff.role ?? null);
  return role !== null && staffCan(role, permission);
}
