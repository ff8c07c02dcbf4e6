import type { EmailChangeBody, ProfileBody, RoleBody, UserData } from '../../contract/auth';

export { fetchMe, fetchTeam, setApprovalsNeedAdmin } from './auth';

import { call } from './client';
import { type Result, toDone, toResult } from './result';

/**
 * The dashboard's account calls (issue 17): the team's actions and the profile. Apart from auth.ts,
 * which the first bundle loads for the session: only the dashboard's pages load these.
 */

const teamAction = async (path: string, body?: unknown): Promise<Result<null>> =>
  toDone(await call<null>(path, { method: 'post', body, auth: true }));

/** POST /team/members/{uuid}/role. */
export const changeRole = (uuid: string, role: RoleBody['role']) =>
  teamAction(`/team/members/${encodeURIComponent(uuid)}/role`, { role });

/** POST /team/members/{uuid}/remove: their sign-ins end at once. */
export const removeTeammate = (uuid: string) =>
  teamAction(`/team/members/${encodeURIComponent(uuid)}/remove`);

/** POST /team/invitations/{id}/cancel. */
export const cancelInvitation = (id: string) =>
  teamAction(`/team/invitations/${encodeURIComponent(id)}/cancel`);

/** POST /team/invitations/{id}/resend. */
export const resendInvitation = (id: string) =>
  teamAction(`/team/invitations/${encodeURIComponent(id)}/resend`);

/** POST /team/owner: hands the company to a teammate; the owner becomes an admin. */
export const transferOwnership = (uuid: string) => teamAction('/team/owner', { uuid });

/** PATCH /me: the fields to change; answers the account as it is now. */
export const updateProfile = async (body: ProfileBody): Promise<Result<UserData>> =>
  toResult(await call<UserData>('/me', { method: 'patch', body, auth: true }));

/** POST /me/avatar (multipart, field `avatar`). */
export async function uploadAvatar(file: Blob): Promise<Result<UserData>> {
  const form = new FormData();
  form.append('avatar', file);
  return toResult(await call<UserData>('/me/avatar', { method: 'post', body: form, auth: true }));
}

/** DELETE /me/avatar. */
export const removeAvatar = async (): Promise<Result<UserData>> =>
  toResult(await call<UserData>('/me/avatar', { method: 'delete', auth: true }));

/** POST /me/email: a link goes to the new address; nothing changes until it is opened. */
export const requestEmailChange = async (body: EmailChangeBody): Promise<Result<{ email: string }>> =>
  toResult(await call<{ email: string }>('/me/email', { method: 'post', body, auth: true }));

/** POST /me/email/confirm with the code of the link. */
export const confirmEmailChange = async (code: string): Promise<Result<{ email: string }>> =>
  toResult(await call<{ email: string }>('/me/email/confirm', { method: 'post', body: { code } }));
