import type { ApprovalRequestsList } from '../../contract/approvalRequests';
import type { ApproveResult } from '../../machines/files/approvalRequest.machine';
import { call } from './client';
import { dataOf } from './result';

/**
 * Issue 33: approving one run of a file, and members' requests for approval (when the company's
 * approvals need an admin).
 */

const requestPath = (id: number) => `/approval-requests/${id}`;

/** POST /files/{id}/approve for one run: approved at once (200), or asked of the admins (202). */
export async function approveRun(
  fileId: string,
  run: { order: string; run: string },
): Promise<ApproveResult> {
  const answer = await call<unknown>(`/files/${encodeURIComponent(fileId)}/approve`, {
    method: 'post',
    body: run,
    auth: true,
  });
  if (!answer.success) throw new Error(answer.message || 'The file could not be approved. Please try again.');
  return answer.status === 202 ? 'requested' : 'approved';
}

/** GET /approval-requests: the open ones, or all (a member gets their own). */
export async function fetchApprovalRequests(state: 'open' | 'all' = 'open'): Promise<ApprovalRequestsList> {
  const answer = await call<ApprovalRequestsList>('/approval-requests', { auth: true, query: { state } });
  return dataOf(answer, 'The requests for approval could not be loaded. Please try again.');
}

/** The answer's sentence, or an Error with the API's refusal. */
async function decided(path: string, method: 'post' | 'delete', body?: unknown): Promise<void> {
  const answer = await call<null>(path, { method, auth: true, ...(body === undefined ? {} : { body }) });
  if (!answer.success) throw new Error(answer.message || 'That did not work. Please try again.');
}

export const acceptRequest = (id: number) => decided(`${requestPath(id)}/accept`, 'post');
export const declineRequest = (id: number, reason: string) =>
  decided(`${requestPath(id)}/decline`, 'post', { reason });
export const withdrawRequest = (id: number) => decided(requestPath(id), 'delete');
