import type { ApprovalRequestsList } from '../../contract/approvalRequests';
import { call } from './client';
import { type Result, toDone, toResult } from './result';

/**
 * Issue 33: approving one run of a file, and members' requests for approval (when the company's
 * approvals need an admin).
 */

const requestPath = (id: number) => `/approval-requests/${id}`;

/** POST /files/{id}/approve for one run: approved at once (200), or asked of the admins (202). */
export async function approveRun(
  fileId: string,
  run: { order: string; run: string },
): Promise<Result<'approved' | 'requested'>> {
  const answer = await call<unknown>(`/files/${encodeURIComponent(fileId)}/approve`, {
    method: 'post',
    body: run,
    auth: true,
  });
  const result = toDone(answer);
  return result.ok ? { ...result, data: answer.status === 202 ? 'requested' : 'approved' } : result;
}

/** GET /approval-requests: the open ones, or all (a member gets their own). */
export const fetchApprovalRequests = async (
  state: 'open' | 'all' = 'open',
): Promise<Result<ApprovalRequestsList>> =>
  toResult(await call<ApprovalRequestsList>('/approval-requests', { auth: true, query: { state } }));

/** A decision on a request: done, or the API's refusal. */
const decided = async (path: string, method: 'post' | 'delete', body?: unknown): Promise<Result<null>> =>
  toDone(await call<null>(path, { method, auth: true, ...(body === undefined ? {} : { body }) }));

export const acceptRequest = (id: number) => decided(`${requestPath(id)}/accept`, 'post');
export const declineRequest = (id: number, reason: string) =>
  decided(`${requestPath(id)}/decline`, 'post', { reason });
export const withdrawRequest = (id: number) => decided(requestPath(id), 'delete');
