import { z } from 'zod';

/**
 * Issue 33: members' requests that a file be approved for a run, when the company's approvals need an
 * admin. The owner and admins see the company's and decide them; a member sees their own.
 */

/** Issue 33: a member's request that a file be approved for a run, and how it was decided. */
export const approvalRequest = z.object({
  id: z.number().int(),
  state: z.enum(['open', 'accepted', 'declined', 'withdrawn']),
  requested_by: z.string().nullable(),
  /** Whether the signed-in person asked (they may withdraw it). */
  yours: z.boolean(),
  requested_at: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** Why it was declined or withdrawn. */
  reason: z.string().nullable(),
});
export type ApprovalRequest = z.infer<typeof approvalRequest>;

/**
 * Where one run's approval of a file stands for the signed-in person: approved (by whom, when), whether
 * they can approve it now and if not why (one sentence), what Approve does for them (approve at once, or
 * ask an admin or the owner), and the open request or else the last one decided. A file's run carries
 * it (contract `fileRun`), and so does the order page's ad of each run (contract `runAdFile`).
 */
export const runApprovalState = z.object({
  approved: z.object({ at: z.string(), by: z.string().nullable() }).nullable(),
  can_approve: z.boolean(),
  approve_note: z.string().nullable(),
  approve_mode: z.enum(['approve', 'request']),
  request: approvalRequest.nullable(),
});
export type RunApprovalState = z.infer<typeof runApprovalState>;

/** GET /approval-requests: the open ones (the default), or all of them. */
export const approvalRequestsQuery = z.object({
  state: z.enum(['open', 'all'], { error: 'Show open or all requests.' }).default('open'),
});

/** One request as the list shows it: the file, the order's run it is for, who asked and who decided. */
export const listedApprovalRequest = approvalRequest.extend({
  file: z.object({ id: z.string(), name: z.string() }),
  order: z.string(),
  run: z.string(),
  run_label: z.string(),
});
export type ListedApprovalRequest = z.infer<typeof listedApprovalRequest>;

export const approvalRequestsList = z.object({ requests: z.array(listedApprovalRequest) });
export type ApprovalRequestsList = z.infer<typeof approvalRequestsList>;

/** The request's id in the address: a whole number. */
export const approvalRequestIdParam = z
  .string()
  .regex(/^[1-9]\d{0,8}$/, 'The request id in the address is not valid.')
  .transform(Number);

/** PATCH /team/settings: the company's settings the owner and admins change. */
export const teamSettingsBody = z.object(
  { approvals_need_admin: z.boolean({ error: 'Say whether approvals need an admin: true or false.' }) },
  { error: 'Send { approvals_need_admin: true } or false.' },
);
