import { z } from 'zod';
import { approvalRequest } from './adFiles';

/**
 * Issue 33: members' requests that a file be approved for a run, when the company's approvals need an
 * admin. The owner and admins see the company's and decide them; a member sees their own.
 */

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
export type TeamSettingsBody = z.infer<typeof teamSettingsBody>;
