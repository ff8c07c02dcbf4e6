import type { AdFile } from '../../contract/adFiles';
import { dayInWords, isoDay } from '../../contract/schedule';
import { byteSize } from '../../contract/specRequirements';
import type { AdFileRow, ListedFile, StoredCheck } from '../data/adFiles';
import type { Db } from '../db/client';
import { dueOn } from '../orders/views';
import { cleanFileName } from './fileName';
import { type CheckTarget, runTarget, sheetTarget } from './target';

/** Why a run takes no file any more: its ad was due (past its deadline, only a call gets one in). */
export const lateFile = (run: { label: string; adDue: Date }) =>
  `The ad for ${run.label} was due on ${dayInWords(isoDay(run.adDue))}: call us to send a late file.`;

/** Why the customer cannot approve a file our production team sent back (issue 31). */
const RETURNED_FILE = 'Our production team sent this file back: send a new one.';

/** Why a file cannot be approved now, or null when it can. `replacedBy`: the run's approved ad, another file. */
export function approveRefusal(
  file: AdFileRow,
  target: CheckTarget | null,
  now: Date,
  replacedBy: string | null = null,
): string | null {
  if (file.approvedAt) return 'This file is the approved ad of its run.';
  if (file.review === 'returned') return RETURNED_FILE;
  if (!file.orderId || !target?.order) return "Attach the file to an order's run before approving it.";
  const { order } = target;
  if (order.cancelled) return `Order ${order.number} is cancelled: it needs no ad.`;
  if (now > order.run.adDue) return lateFile(order.run);
  // A failed check our production team accepted no longer stands in the way.
  const failed =
    file.review !== 'accepted' && (file.checks as StoredCheck[]).some((check) => check.result === 'failed');
  if (file.status === 'uploading' || file.status === 'checking') return 'Wait for the checks to finish.';
  if ((file.status === 'rejected' || failed) && replacedBy !== null)
    return `Replaced: ${cleanFileName(replacedBy)} is the approved ad of ${order.run.label}, so this file needs nothing more.`;
  if (file.status === 'rejected' || failed)
    return 'Fix what the checks found and send the file again: only a file that passes can be approved.';
  return null;
}

/** Whether a file may be deleted: not the approved ad of a run whose ad is due already. */
export function deleteRefusal(file: AdFileRow, target: CheckTarget | null, now: Date): string | null {
  if (file.approvedAt && target?.order && now > target.order.run.adDue)
    return `This is the approved ad of ${target.order.run.label}, which is past its deadline: it cannot be deleted.`;
  return null;
}

/** The target of each distinct order or sheet of the files, worked out once. */
export async function targetsOf(
  db: Db,
  companyId: number,
  files: readonly ListedFile[],
): Promise<Map<string, CheckTarget | null>> {
  const targets = new Map<string, CheckTarget | null>();
  for (const { file, orderNumber } of files) {
    const key = targetKey(file, orderNumber);
    if (targets.has(key)) continue;
    const outcome = orderNumber
      ? await runTarget(db, companyId, { order: orderNumber, run: file.runValue })
      : sheetTarget(file.sheet ?? '');
    targets.set(key, outcome.ok ? outcome.target : null);
  }
  return targets;
}

export const targetKey = (file: AdFileRow, orderNumber: string | null) =>
  orderNumber ? `${orderNumber} ${file.runValue}` : `sheet ${file.sheet}`;

/** Production's review of a file as the customer and the back office read it (issue 31). */
export const reviewOf = (file: AdFileRow): AdFile['review'] =>
  file.review && file.reviewedAt
    ? { state: file.review, note: file.reviewNote ?? '', at: file.reviewedAt.toISOString() }
    : null;

export function adFileView(
  { file, replacedBy }: ListedFile,
  target: CheckTarget | null,
  now: Date,
  approver: string | null = null,
): AdFile {
  const base = `/api/v1/files/${file.id}`;
  const refusal = approveRefusal(file, target, now, replacedBy);
  const order = target?.order;
  return {
    id: file.id,
    // Cleaned again: a row stored before names were cleaned of bidi marks may still hold them.
    name: cleanFileName(file.name),
    status: file.status,
    format: file.format,
    size: file.size,
    size_formatted: byteSize(file.size),
    checks: file.checks as StoredCheck[],
    order: order?.run.value
      ? {
          number: order.number,
          run: order.run.value,
          run_label: order.run.label,
          ad_due: order.cancelled ? null : dueOn(order.run.adDue, now),
          cancelled: order.cancelled,
        }
      : null,
    sheet: { slug: target?.sheet ?? file.sheet ?? '', title: target?.sheetTitle ?? file.sheet ?? '' },
    approved: file.approvedAt ? { at: file.approvedAt.toISOString(), by: approver } : null,
    review: reviewOf(file),
    replaced_by: replacedBy === null ? null : cleanFileName(replacedBy),
    can_approve: refusal === null,
    approve_note: refusal,
    can_delete: deleteRefusal(file, target, now) === null,
    thumbnail_url: file.thumbnail ? `${base}/thumbnail` : null,
    download_url: `${base}/download`,
    created_at: file.createdAt.toISOString(),
  };
}
