/**
 * Issue 33: approval requests as the contract shows them, and what "Approve" does on each run of the
 * files page. Their own file because they only read, where approvals.ts and approvalDecisions.ts change.
 */
import type { ApprovalRequest } from '../../contract/adFiles';
import type { ListedApprovalRequest } from '../../contract/approvalRequests';
import { can, type Role } from '../../contract/roles';
import { type ListedRequest, requestsOfRuns, runKeyOf } from '../data/approvalRequests';
import type { FileRunKey } from '../data/fileRuns';
import type { Db } from '../db/client';

const STATES = { accepted: 'accepted', declined: 'declined', withdrawn: 'withdrawn' } as const;

/** A request as the contract shows it, names in place of ids. */
export function approvalRequestView(listed: ListedRequest, viewer: string): ApprovalRequest {
  const { request } = listed;
  return {
    id: request.id,
    state: request.decision ? STATES[request.decision] : 'open',
    requested_by: listed.askedBy,
    yours: request.requestedBy === viewer,
    requested_at: request.requestedAt.toISOString(),
    decided_by: listed.decidedByName,
    decided_at: request.decidedAt?.toISOString() ?? null,
    reason: request.reason,
  };
}

/** A request as GET /approval-requests lists it. */
export const listedRequestView = (listed: ListedRequest, viewer: string): ListedApprovalRequest => ({
  ...approvalRequestView(listed, viewer),
  file: { id: listed.request.fileId, name: listed.fileName },
  order: listed.orderNumber,
  run: listed.request.runValue,
  run_label: listed.runLabel ?? listed.request.runValue,
});

/** The approval fields of one run's view (contract `fileRun`). */
export interface RunApproval {
  approve_mode: 'approve' | 'request';
  request: ApprovalRequest | null;
}

/**
 * The approval fields of many runs of the company's files at once (one query): what "Approve" does for
 * the signed-in person, and each run's open request or else its last decided one. Keyed by `runKeyOf`.
 */
export async function runApprovalView(
  db: Db,
  who: { companyId: number; userId: string; role: Role; approvalsNeedAdmin: boolean },
  runs: readonly FileRunKey[],
): Promise<Map<string, RunApproval>> {
  const approve_mode =
    who.approvalsNeedAdmin && !can(who.role, 'decideApprovals') ? ('request' as const) : ('approve' as const);
  const requests = await requestsOfRuns(db, who.companyId, runs);
  // requestsOfRuns answers one a run: its open request, else its most recently decided.
  const latest = new Map(requests.map((listed) => [runKeyOf(listed.request), listed]));
  return new Map(
    runs.map((run) => {
      const listed = latest.get(runKeyOf(run));
      return [
        runKeyOf(run),
        { approve_mode, request: listed ? approvalRequestView(listed, who.userId) : null },
      ];
    }),
  );
}
