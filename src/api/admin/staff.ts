import type {
  Enrolment,
  InvitationView,
  JoinBody,
  SetupBody,
  StaffInviteBody,
  StaffList,
  StaffLoginBody,
  StaffPatchBody,
  StaffSession,
} from '../../../contract/staff';
import { adminCall, adminEnvelope } from './client';

export const setupBackOffice = (body: SetupBody) => adminCall<Enrolment>('/setup', { method: 'post', body });
export const joinBackOffice = (body: JoinBody) => adminCall<Enrolment>('/join', { method: 'post', body });
export const invitationOf = (token: string) => adminCall<InvitationView>('/join', { query: { token } });
/** The envelope, whose headers carry a refusal's Retry-After. */
export const staffLogin = (body: StaffLoginBody) =>
  adminEnvelope<StaffSession>('/login', { method: 'post', body });
export const staffLogout = () => adminCall<Record<string, never>>('/logout', { method: 'post' });
export const staffList = () => adminCall<StaffList>('/staff');
export const inviteStaff = (body: StaffInviteBody) =>
  adminCall<InvitationView>('/staff/invites', { method: 'post', body });
export const patchStaff = (id: string, body: StaffPatchBody) =>
  adminCall<StaffList[number]>(`/staff/${encodeURIComponent(id)}`, { method: 'patch', body });
