import type { FileQueueState, QueuedFile } from '../../contract/adminFiles';
import { byteSize } from '../../contract/specRequirements';
import type { StoredCheck } from '../data/adFiles';
import type { ReviewedFile } from '../data/fileReview';
import { cleanFileName } from '../files/fileName';
import { reviewOf } from '../files/views';
import type { Run } from '../orders/runs';
import { dueOn } from '../orders/views';

/** What production may do with a file sent for a run, and the views of the queue (issue 31, part 4). */

const checksOf = (row: ReviewedFile) => row.file.checks as StoredCheck[];
const hasFailed = (row: ReviewedFile) =>
  row.file.status !== 'passed' || checksOf(row).some((check) => check.result === 'failed');
const hasWarning = (row: ReviewedFile) => checksOf(row).some((check) => check.result === 'warning');

/** The run a file was sent for among its order's runs, or undefined when the order no longer has it. */
export const runOfFile = (row: ReviewedFile, runs: readonly Run[]): Run | undefined =>
  runs.find((run) => run.value === row.run.value);

/** Why production cannot accept the file with a note, or null when it can. */
export function acceptRefusal(row: ReviewedFile): string | null {
  const { file } = row;
  if (row.order.cancelledAt) return `Order ${row.order.number} is cancelled: it needs no ad.`;
  if (file.status === 'uploading' || file.status === 'checking') return 'Wait for the checks to finish.';
  if (file.status === 'rejected')
    return 'The checks could not read this file: send it back so the customer sends one that opens.';
  if (file.review === 'accepted') return 'This file is accepted already.';
  if (file.review === 'returned') return 'This file was sent back: the customer sends a new one.';
  if (!hasFailed(row) && !hasWarning(row)) return 'This file passed every check: there is nothing to accept.';
  if (row.approvedOther !== null)
    return `${cleanFileName(row.approvedOther)} is already the approved ad of this run.`;
  return null;
}

/** Why production cannot send the file back, or null when it can. */
export function returnRefusal(row: ReviewedFile): string | null {
  const { file } = row;
  if (row.order.cancelledAt) return `Order ${row.order.number} is cancelled: it needs no ad.`;
  if (file.status === 'uploading' || file.status === 'checking') return 'Wait for the checks to finish.';
  if (file.review === 'returned') return 'This file is sent back already.';
  return null;
}

/** Whether a file belongs to a queue: what needs a decision, a warning to look at, what was sent back. */
export function inQueue(row: ReviewedFile, state: FileQueueState): boolean {
  const { file } = row;
  switch (state) {
    case 'attention':
      return file.review === null && hasFailed(row) && row.approvedOther === null;
    case 'warnings':
      return file.review === null && !hasFailed(row) && hasWarning(row);
    case 'returned':
      return file.review === 'returned';
    case 'all':
      return true;
  }
}

/** The audited view of a file's review: what changed, never the bytes. */
export const reviewAudit = (file: ReviewedFile['file'], approvedAt: Date | null) => ({
  review: file.review,
  review_note: file.reviewNote,
  approved_at: approvedAt?.toISOString() ?? null,
});

export function queuedFileOf(row: ReviewedFile, run: Run, now: Date): QueuedFile {
  const { file } = row;
  const accept = acceptRefusal(row);
  return {
    id: file.id,
    name: cleanFileName(file.name),
    status: file.status,
    format: file.format,
    size_formatted: byteSize(file.size),
    checks: checksOf(row),
    review: reviewOf(file),
    company: row.company,
    order: row.order.number,
    run: run.value ?? '',
    run_label: run.label,
    ad_due: dueOn(run.adDue, now),
    approved: row.run.approvedAt !== null,
    uploaded_at: (file.uploadedAt ?? file.createdAt).toISOString(),
    download_url: `/api/v1/admin/files/${file.id}/download`,
    can_accept: accept === null,
    accept_note: accept,
    can_return: returnRefusal(row) === null,
  };
}
