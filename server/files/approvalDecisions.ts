/**
 * Issue 33: what the owner or an admin does with a member's approval request (accept, decline) and
 * the member taking it back. Their own file because deciding a request is a step after asking, with
 * locks of its own; the rules they share with "Approve" are in approvals.ts.
 */
import { can } from '../../contract/roles';
import { lockFile } from '../data/adFiles';
import { decideRequest, fileOfRequest, lockRequest } from '../data/approvalRequests';
import type { Db, Tx } from '../db/client';
import type { SendInTransaction } from '../jobs/queue';
import { queueMail } from '../mail/events';
import {
  type ApprovalDeps,
  type Approver,
  approveNow,
  CHANGED,
  type DecideOutcome,
  NO_REQUEST,
  refuse,
  runFactsOf,
  runRefusal,
} from './approvals';

/** Locks the request's file before the request itself: the order attach, approve and detach take. */
async function lockFileOfRequest(tx: Db, companyId: number, id: number): Promise<void> {
  const fileId = await fileOfRequest(tx, companyId, id);
  if (fileId) await lockFile(tx, fileId);
}

/** An open request of the company, locked; or why it cannot be decided. */
async function openRequest(tx: Db, companyId: number, id: number) {
  const found = await lockRequest(tx, companyId, id);
  if (!found) return refuse(404, NO_REQUEST);
  const { decision } = found.request;
  if (decision)
    return refuse(
      409,
      `This request is no longer open: it was ${decision}. Reload the page to see where the file stands.`,
    );
  return found;
}

type OpenRequest = Exclude<Awaited<ReturnType<typeof openRequest>>, { kind: 'refused' }>;

/**
 * What accepting and declining share: only the owner or an admin may (`verb`: what the refusal says
 * they tried), and `decide` runs on the request, still open, in one transaction with its file locked
 * first.
 */
async function decideAsAdmin(
  deps: ApprovalDeps,
  who: Approver,
  id: number,
  verb: 'accept' | 'decline',
  decide: (tx: Tx, send: SendInTransaction, found: OpenRequest) => Promise<DecideOutcome>,
): Promise<DecideOutcome> {
  if (!can(who.role, 'decideApprovals'))
    return refuse(403, `Only the owner or an admin of your company can ${verb} an approval request.`);
  return deps.jobs.inTransaction(deps.db, async (tx, send): Promise<DecideOutcome> => {
    await lockFileOfRequest(tx, who.companyId, id);
    const found = await openRequest(tx, who.companyId, id);
    if ('kind' in found) return found;
    return decide(tx, send, found);
  });
}

/** The owner or an admin accepts a request: the file is approved for that run only, by them. */
export function acceptRequest(
  deps: ApprovalDeps,
  who: Approver,
  id: number,
  now: Date,
): Promise<DecideOutcome> {
  return decideAsAdmin(deps, who, id, 'accept', async (tx, send, found) => {
    const { request } = found;
    const key = { fileId: request.fileId, orderId: request.orderId, runValue: request.runValue };
    const facts = await runFactsOf(tx, who.companyId, key);
    if ('kind' in facts) return facts;
    const refusal = runRefusal({ review: found.fileReview }, facts, now);
    if (refusal) return refuse(409, refusal);
    // The e-mail of this request (accepted) goes with those of the run's others it closes.
    const refused = await approveNow(
      tx,
      send,
      { uploadedAt: found.fileUploadedAt },
      key,
      facts.row.status,
      who.userId,
      now,
    );
    if (refused) return refused;
    return { kind: 'decided', fileName: found.fileName, runLabel: facts.label };
  });
}

/** The owner or an admin declines a request, with the reason the member is sent. */
export function declineRequest(
  deps: ApprovalDeps,
  who: Approver,
  id: number,
  reason: string,
  now: Date,
): Promise<DecideOutcome> {
  return decideAsAdmin(deps, who, id, 'decline', async (tx, send, found) => {
    if (!(await decideRequest(tx, id, 'declined', who.userId, reason, now))) return refuse(409, CHANGED);
    await queueMail(send, { event: 'approval.decided', requestId: id });
    return { kind: 'decided', fileName: found.fileName, runLabel: found.request.runValue };
  });
}

/** The person who asked takes their request back; nobody else can (an admin declines it instead). */
export async function withdrawRequest(
  deps: ApprovalDeps,
  who: Approver,
  id: number,
  now: Date,
): Promise<DecideOutcome> {
  return deps.jobs.inTransaction(deps.db, async (tx): Promise<DecideOutcome> => {
    const found = await openRequest(tx, who.companyId, id);
    if ('kind' in found) return found;
    if (found.request.requestedBy !== who.userId)
      return refuse(
        403,
        can(who.role, 'decideApprovals')
          ? 'Only the person who asked can withdraw a request: accept it, or decline it with a reason.'
          : 'Only the person who asked can withdraw a request.',
      );
    if (!(await decideRequest(tx, id, 'withdrawn', who.userId, null, now))) return refuse(409, CHANGED);
    return { kind: 'decided', fileName: found.fileName, runLabel: found.request.runValue };
  });
}
