import type {
  ChangePasswordBody,
  ColleagueCreateBody,
  ColleagueInvite,
  EmailSample,
  InviteBody,
  LoginBody,
  OutboxMessage,
  RegisterBody,
  ResetPasswordBody,
  TeamAnswer,
  UserData,
} from '../../contract/auth';
import { config } from '../config';
import { call } from './client';
import { type Refusal, type Result, refusalOf, toDone, toResult } from './result';

/** POST /login (email, password). */
export const login = async (body: LoginBody): Promise<Result<UserData>> =>
  toResult(await call<UserData>('/login', { method: 'post', body }));

/** POST /register (registration fields of SPEC section 3). */
export const register = async (body: RegisterBody): Promise<Result<UserData>> =>
  toResult(await call<UserData>('/register', { method: 'post', body }));

/**
 * A refresh's answer. One refused because its holder was removed from a team (`meta.access_removed`)
 * names the company, which the sign-in page says.
 */
type RefreshResult = Result<UserData> | (Refusal & { removedFrom: string });

/** GET /login/refresh with the dashboard cookie as the bearer: a new access token. */
export async function refreshLogin(dashboardCookie: string): Promise<RefreshResult> {
  const answer = await call<UserData>('/login/refresh', { bearer: dashboardCookie });
  const removed = answer.meta.access_removed;
  return removed ? { ...refusalOf(answer), removedFrom: removed.company } : toResult(answer);
}

/** GET /login/create with the page's query string (hydrate=1 and the one-time code). */
export async function createSession(queryString: string): Promise<Result<UserData>> {
  const query = Object.fromEntries(new URLSearchParams(queryString));
  return toResult(await call<UserData>('/login/create', { query }));
}

/** GET /me, with the cart id when known (the account adopts an anonymous cart). */
export const fetchMe = async (cartId: string | null): Promise<Result<UserData>> =>
  toResult(await call<UserData>('/me', { auth: true, query: { cart: cartId ?? undefined } }));

/** POST /logout: revokes the token and the dashboard cookie server-side. */
export const logout = async (): Promise<Result<null>> =>
  toDone(await call<null>('/logout', { method: 'post', auth: true }));

/** POST /forgotpassword (email). Answers the same whether or not the account exists. */
export const forgotPassword = async (email: string): Promise<Result<null>> =>
  toDone(await call<null>('/forgotpassword', { method: 'post', body: { email } }));

/** E-mails a one-time sign-in link (a hydrate=1 link). */
export const sendSignInLink = async (email: string): Promise<Result<null>> =>
  toDone(await call<null>('/login/link', { method: 'post', body: { email } }));

/** GET /resetverify (tok, resetcode): whether a reset link still works, and for which e-mail. */
export const verifyReset = async (tok: string, resetcode: string): Promise<Result<{ email: string }>> =>
  toResult(await call<{ email: string }>('/resetverify', { query: { tok, resetcode } }));

/** POST /resetpassword (tok, resetcode, password, password_confirmation). */
export const resetPassword = async (body: ResetPasswordBody): Promise<Result<{ email: string }>> =>
  toResult(await call<{ email: string }>('/resetpassword', { method: 'post', body }));

/** POST /colleague/validate (uuid, coid): the invitation behind a link. */
export const validateColleague = async (uuid: string, coid: string): Promise<Result<ColleagueInvite>> =>
  toResult(await call<ColleagueInvite>('/colleague/validate', { method: 'post', body: { uuid, coid } }));

/** POST /colleague/create (uuid, coid, firstname, lastname, email, password). */
export const createColleague = async (body: ColleagueCreateBody): Promise<Result<UserData>> =>
  toResult(await call<UserData>('/colleague/create', { method: 'post', body }));

/** POST /me/password: a new password, checked against the current one; other sign-ins end. */
export const changePassword = async (body: ChangePasswordBody): Promise<Result<UserData>> =>
  toResult(await call<UserData>('/me/password', { method: 'post', body, auth: true }));

export const fetchTeam = async (): Promise<Result<TeamAnswer>> =>
  toResult(await call<TeamAnswer>('/team', { auth: true }));

/** PATCH /team/settings: issue 33's "approvals need an admin", on or off. */
export const setApprovalsNeedAdmin = async (on: boolean): Promise<Result<null>> =>
  toDone(
    await call<null>('/team/settings', { method: 'patch', body: { approvals_need_admin: on }, auth: true }),
  );

export const inviteColleague = async (body: InviteBody): Promise<Result<{ id: string }>> =>
  toResult(await call<{ id: string }>('/team/invite', { method: 'post', body, auth: true }));

/** The e-mails the embedded API has sent or kept (development only), with the key the server printed. */
export const fetchEmails = async (key: string): Promise<Result<EmailSample[]>> =>
  toResult(await call<EmailSample[]>('/dev/emails', { query: { key } }));

/** Where the API shows an e-mail's HTML part or file (development only), for a frame or a link. */
export const devMailUrl = (path: string, key: string) =>
  `${config.apiBase}/dev/${path}?key=${encodeURIComponent(key)}`;

export const fetchOutbox = async (key: string): Promise<Result<OutboxMessage[]>> =>
  toResult(await call<OutboxMessage[]>('/dev/outbox', { query: { key, limit: 100 } }));
