/**
 * Issue 33: approving a file for a run when the company's approvals may need an admin. With the
 * setting off, or for the owner and admins, "Approve" approves; for a member with it on, it asks the
 * owner and admins, who accept (the file is approved, by them) or decline with a reason. This file
 * holds "Approve" and the rules it shares with the decisions (approvalDecisions.ts); the views of
 * requests are in approvalViews.ts.
 */
import { and, eq } from 'drizzle-orm';
import { can, type Role } from '../../contract/roles';
import { dayInWords, isoDay } from '../../contract/schedule';
import { type AdFileRow, lockFile, type StoredCheck } from '../data/adFiles';
import { approvalsNeedAdminLocked, createRequest, openRequestOf } from '../data/approvalRequests';
import { approveFileRun, type FileRunKey, type FileRunRow } from '../data/fileRuns';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { fileRuns, orders } from '../db/schema';
import type { Jobs, SendInTransaction as Send } from '../jobs/queue';
import { queueMail } from '../mail/events';
import { runTarget } from './target';
import { lateFile } from './views';

export interface ApprovalDeps {
  db: Db;
  jobs: Jobs;
}

/** The signed-in person of the company. */
export interface Approver {
  companyId: number;
  userId: string;
  role: Role;
}

/** A 4xx with a sentence a person can act on. */
export interface Refusal {
  kind: 'refused';
  status: 403 | 404 | 409;
  message: string;
}

export type ApproveOutcome =
  | { kind: 'approved'; runLabel: string }
  | { kind: 'requested'; requestId: number; runLabel: string }
  | Refusal;

export type DecideOutcome = { kind: 'decided'; fileName: string; runLabel: string } | Refusal;

export const refuse = (status: Refusal['status'], message: string): Refusal => ({
  kind: 'refused',
  status,
  message,
});

export const SENT_FOR_APPROVAL = 'Sent to your admins for approval.';
const RETURNED_FILE = 'Our production team sent this file back: send a new one.';
export const CHANGED = 'This file changed while it was being approved: reload it and try again.';
export const NO_REQUEST = 'There is no such approval request in your company.';

/** What is known of a run when it is approved: its order's run in words, and the file's verdict for it. */
interface RunFacts {
  label: string;
  adDue: Date;
  cancelled: boolean;
  orderNumber: string;
  row: FileRunRow;
}

/** The file's run with its order's facts, or the sentence saying why it cannot be approved. */
export async function runFactsOf(db: Db, companyId: number, key: FileRunKey): Promise<RunFacts | Refusal> {
  const [found] = await db
    .select({ row: fileRuns, orderNumber: orders.number })
    .from(fileRuns)
    .innerJoin(orders, eq(orders.id, fileRuns.orderId))
    .where(
      and(
        eq(fileRuns.fileId, key.fileId),
        eq(fileRuns.orderId, key.orderId),
        eq(fileRuns.runValue, key.runValue),
        eq(orders.companyId, companyId),
      ),
    );
  if (!found)
    return refuse(409, 'This file is no longer attached to that run: attach it again to approve it.');
  const target = await runTarget(db, companyId, { order: found.orderNumber, run: key.runValue });
  if (!target.ok || !target.target.order) return refuse(409, target.ok ? NO_REQUEST : target.message);
  const { run, cancelled } = target.target.order;
  return { label: run.label, adDue: run.adDue, cancelled, orderNumber: found.orderNumber, row: found.row };
}

/** Why the file cannot be approved for the run now, or null when it can. */
export function runRefusal(
  file: Pick<AdFileRow, 'review'>,
  run: Pick<RunFacts, 'label' | 'adDue' | 'cancelled' | 'orderNumber'> & {
    row: Pick<FileRunRow, 'status' | 'checks' | 'approvedAt'>;
  },
  now: Date,
): string | null {
  if (run.row.approvedAt) return `This file is the approved ad of ${run.label}.`;
  if (file.review === 'returned') return RETURNED_FILE;
  if (run.cancelled) return `Order ${run.orderNumber} is cancelled: it needs no ad.`;
  if (now > run.adDue) return lateFile(run);
  if (run.row.status === 'checking') return 'Wait for the checks to finish.';
  // A failed check our production team accepted no longer stands in the way.
  const failed =
    file.review !== 'accepted' &&
    (run.row.checks as StoredCheck[]).some((check) => check.result === 'failed');
  if (run.row.status === 'rejected' || failed)
    return 'Fix what the checks found and send the file again: only a file that passes can be approved.';
  return null;
}

/**
 * Approves at once, in the caller's transaction, and queues the e-mails of the members whose open
 * requests for the run it closed (accepted for this file, withdrawn for others), in that transaction
 * too; a refusal when the file or its run changed meanwhile.
 */
export async function approveNow(
  tx: Db,
  send: Send,
  file: Pick<AdFileRow, 'uploadedAt'>,
  key: FileRunKey,
  status: FileRunRow['status'],
  userId: string,
  now: Date,
): Promise<Refusal | null> {
  let closed: number[] | null;
  try {
    closed = await approveFileRun(tx, key, { status, fileUploadedAt: file.uploadedAt }, userId, now);
  } catch (error) {
    // A colleague approved another file of the same run at the same instant: theirs stands.
    if (!isUniqueViolation(error)) throw error;
    return refuse(409, 'Another file was approved for this run at the same moment: reload to see which.');
  }
  if (!closed) return refuse(409, CHANGED);
  for (const requestId of closed) await queueMail(send, { event: 'approval.decided', requestId });
  return null;
}

/**
 * "Approve" on one run of a file: approves it, or, for a member while the company's approvals need an
 * admin, asks the owner and admins (who are e-mailed). A second request while one is open is refused
 * with who asked and when.
 */
export async function approveOrRequest(
  deps: ApprovalDeps,
  who: Approver,
  file: Pick<AdFileRow, 'id' | 'name' | 'uploadedAt' | 'review'>,
  key: FileRunKey,
  now: Date,
): Promise<ApproveOutcome> {
  const facts = await runFactsOf(deps.db, who.companyId, key);
  if ('kind' in facts) return facts;
  const refusal = runRefusal(file, facts, now);
  if (refusal) return refuse(409, refusal);
  return deps.jobs.inTransaction(deps.db, async (tx, send): Promise<ApproveOutcome> => {
    // The file first, then its run: the order every change to a file's runs and requests takes.
    const locked = await lockFile(tx, file.id);
    if (!locked) return refuse(409, CHANGED);
    // Detached (or moved) since it was read: no approval nor request for a run it no longer serves.
    const [served] = await tx
      .select()
      .from(fileRuns)
      .where(
        and(
          eq(fileRuns.fileId, key.fileId),
          eq(fileRuns.orderId, key.orderId),
          eq(fileRuns.runValue, key.runValue),
        ),
      )
      .for('update');
    if (!served)
      return refuse(409, `${file.name} is no longer the ad for ${facts.label}: attach it again first.`);
    // Sent back, approved or checked again by production or a colleague since it was read: asked
    // again under the lock, so no request opens for a file nobody could accept.
    const changed = runRefusal(locked, { ...facts, row: served }, now);
    if (changed) return refuse(409, changed);
    const needsAdmin = await approvalsNeedAdminLocked(tx, who.companyId);
    if (!needsAdmin || can(who.role, 'decideApprovals')) {
      const refused = await approveNow(tx, send, file, key, facts.row.status, who.userId, now);
      return refused ?? { kind: 'approved', runLabel: facts.label };
    }
    const created = await createRequest(tx, key, who.userId, now);
    if (!created) {
      const open = await openRequestOf(tx, key);
      const when = open ? ` on ${dayInWords(isoDay(open.requestedAt))}` : '';
      const by = open?.requestedBy === who.userId ? 'You asked' : 'A colleague asked';
      return refuse(
        409,
        `${by} for ${file.name} to be approved for ${facts.label}${when}: it is waiting for an admin.`,
      );
    }
    await queueMail(send, { event: 'approval.requested', requestId: created.id });
    return { kind: 'requested', requestId: created.id, runLabel: facts.label };
  });
}
