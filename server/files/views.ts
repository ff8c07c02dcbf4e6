import type { AdFile, FileRun } from '../../contract/adFiles';

/** A run's approval fields, as server/files/approvalViews.ts runApprovalView gives them. */
type RunApproval = Pick<FileRun, 'approve_mode' | 'request'>;

import { DESIGN_RUN } from '../../contract/design';
import { byteSize } from '../../contract/specRequirements';
import { SPEC_SHEETS } from '../content/specSheets';
import type { ListedFile, ListedRun } from '../data/adFileListing';
import type { AdFileRow, StoredCheck } from '../data/adFiles';
import { runKeyOf } from '../data/approvalRequests';
import type { Person } from '../data/orders';
import type { Db } from '../db/client';
import { dueOn } from '../orders/views';

import { cleanFileName } from './fileName';
import { lateFile } from './runTargets';
import { type CheckTarget, orderTargets, type TargetOutcome } from './target';

export { lateFile };

/** Why the customer cannot approve a file our production team sent back (issue 31). */
const RETURNED_FILE = 'Our production team sent this file back: send a new one.';

/** Why a file cannot be approved for one of its runs now, or null when it can. */
export function approveRefusal(
  file: AdFileRow,
  run: ListedRun,
  target: CheckTarget | null,
  now: Date,
): string | null {
  if (run.approvedAt) return `This file is the approved ad of ${target?.order?.run.label ?? 'this run'}.`;
  if (file.review === 'returned') return RETURNED_FILE;
  if (!target?.order) return `Order ${run.orderNumber} has no run ${run.runValue} to approve an ad for.`;
  const { order } = target;
  if (order.cancelled) return `Order ${order.number} is cancelled: it needs no ad.`;
  if (now > order.run.adDue) return lateFile(order.run);
  // A failed check our production team accepted no longer stands in the way.
  const failed = file.review !== 'accepted' && run.checks.some((check) => check.result === 'failed');
  if (file.status === 'uploading' || run.status === 'checking') return 'Wait for the checks to finish.';
  if ((run.status === 'rejected' || failed) && run.replacedBy !== null)
    return `Replaced: ${cleanFileName(run.replacedBy)} is the approved ad of ${order.run.label}, so this file needs nothing more.`;
  if (run.status === 'rejected' || failed)
    return 'Fix what the checks found and send the file again: only a file that passes can be approved.';
  return null;
}

/** Why the file cannot leave one of its runs: it is the run's approved ad, past its deadline. */
export function leaveRefusal(run: ListedRun, target: CheckTarget | null, now: Date): string | null {
  if (run.approvedAt && target?.order && now > target.order.run.adDue)
    return `This is the approved ad of ${target.order.run.label}, which is past its deadline: it stays.`;
  return null;
}

/** Whether a file may be deleted: not the approved ad of a run whose ad is due already. */
export function deleteRefusal(listed: ListedFile, targets: RunTargets, now: Date): string | null {
  for (const run of listed.runs) {
    const target = targets.get(runKey(run)) ?? null;
    if (run.approvedAt && target?.order && now > target.order.run.adDue)
      return `This is the approved ad of ${target.order.run.label}, which is past its deadline: it cannot be deleted.`;
  }
  return null;
}

/** What each run of the files is checked against, by `runKey`, worked out once per run. */
export type RunTargets = Map<string, CheckTarget | null>;

export const runKey = (run: { orderNumber: string; runValue: string }) =>
  `${run.orderNumber} ${run.runValue}`;

/** The target of each distinct run of the files, worked out once. */
export async function targetsOf(
  db: Db,
  companyId: number,
  files: readonly ListedFile[],
): Promise<RunTargets> {
  const targets: RunTargets = new Map();
  // Each order read once, however many of its runs the files serve.
  const byOrder = new Map<string, (run: string | null) => TargetOutcome>();
  for (const { runs } of files)
    for (const run of runs) {
      const key = runKey(run);
      if (targets.has(key)) continue;
      let targetOf = byOrder.get(run.orderNumber);
      if (!targetOf) {
        targetOf = await orderTargets(db, companyId, run.orderNumber);
        byOrder.set(run.orderNumber, targetOf);
      }
      const outcome = targetOf(run.runValue);
      targets.set(key, outcome.ok ? outcome.target : null);
    }
  return targets;
}

/** The people the views name: who approved each run and who sent each file. */
export const peopleOfFiles = (files: readonly ListedFile[]) =>
  files.flatMap(({ file, runs }) => [file.uploadedBy, ...runs.map((run) => run.approvedBy)]);

/** Production's review of a file as the customer and the back office read it (issue 31). */
export const reviewOf = (file: AdFileRow): AdFile['review'] =>
  file.review && file.reviewedAt
    ? { state: file.review, note: file.reviewNote ?? '', at: file.reviewedAt.toISOString() }
    : null;

/** One run of a file as the signed-in person sees it. */
export function fileRunView(
  file: AdFileRow,
  run: ListedRun,
  target: CheckTarget | null,
  now: Date,
  people: ReadonlyMap<string, Person>,
  approval: RunApproval | undefined,
): FileRun {
  const refusal = approveRefusal(file, run, target, now);
  const order = target?.order;
  return {
    order: run.orderNumber,
    run: run.runValue,
    run_label: order?.run.label ?? (run.runValue === DESIGN_RUN ? 'Design work' : run.runValue),
    placement: order?.placement ?? '',
    ad_due: order && !order.cancelled ? dueOn(order.run.adDue, now) : null,
    cancelled: order?.cancelled ?? false,
    status: run.status,
    checks: run.checks,
    approved: run.approvedAt
      ? { at: run.approvedAt.toISOString(), by: people.get(run.approvedBy ?? '')?.name ?? null }
      : null,
    replaced_by: run.replacedBy === null ? null : cleanFileName(run.replacedBy),
    can_approve: refusal === null,
    approve_note: refusal,
    approve_mode: approval?.approve_mode ?? 'approve',
    request: approval?.request ?? null,
  };
}

export function adFileView(
  listed: ListedFile,
  targets: RunTargets,
  now: Date,
  people: ReadonlyMap<string, Person> = new Map(),
  /** Each run's approval fields (server/files/approvalViews.ts runApprovalView), by `runKeyOf`. */
  approvals: ReadonlyMap<string, RunApproval> = new Map(),
): AdFile {
  const { file } = listed;
  const base = `/api/v1/files/${file.id}`;
  const sheet = file.sheet ?? '';
  const uploader = file.uploadedBy ? people.get(file.uploadedBy) : undefined;
  return {
    id: file.id,
    // Cleaned again: a row stored before names were cleaned of bidi marks may still hold them.
    name: cleanFileName(file.name),
    status: file.status,
    format: file.format,
    size: file.size,
    size_formatted: byteSize(file.size),
    checks: file.checks as StoredCheck[],
    runs: listed.runs.map((run) =>
      fileRunView(
        file,
        run,
        targets.get(runKey(run)) ?? null,
        now,
        people,
        approvals.get(runKeyOf({ fileId: file.id, orderId: run.orderId, runValue: run.runValue })),
      ),
    ),
    sheet: { slug: sheet, title: SPEC_SHEETS.find((s) => s.slug === sheet)?.title ?? sheet },
    review: reviewOf(file),
    replaced_by: listed.replacedBy === null ? null : cleanFileName(listed.replacedBy),
    uploaded_by: uploader && file.uploadedBy ? { id: file.uploadedBy, name: uploader.name } : null,
    comments: listed.comments,
    can_delete: deleteRefusal(listed, targets, now) === null,
    thumbnail_url: file.thumbnail ? `${base}/thumbnail` : null,
    download_url: `${base}/download`,
    created_at: file.createdAt.toISOString(),
  };
}
