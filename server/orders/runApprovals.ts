import type { RunApprovalState } from '../../contract/approvalRequests';
import type { OrderDetail } from '../../contract/orders';
import type { Role } from '../../contract/roles';
import { listedFilesByIds } from '../data/adFileListing';
import { approvalsNeedAdmin, runKeyOf } from '../data/approvalRequests';
import { peopleByIds } from '../data/orders';
import type { Db } from '../db/client';
import { runApprovalView } from '../files/approvalViews';
import { fileRunView, peopleOfFiles, runKey, targetsOf } from '../files/views';

/** Who reads the order: its company's signed-in person, whose role says what Approve does for them. */
export interface OrderViewer {
  companyId: number;
  userId: string;
  role: Role;
}

/**
 * The order's view with each run's shown file's approval for that run, as the file's own view gives it
 * (who approved, the open or last request, what Approve does for the viewer, why it cannot be approved),
 * read for all its runs at once, so the order page asks for no file of its own (issue 33).
 */
export async function withRunApprovals(
  db: Db,
  detail: OrderDetail,
  viewer: OrderViewer,
  now: Date,
): Promise<OrderDetail> {
  const ids = new Set(detail.runs.flatMap((run) => (run.ad_file?.file ? [run.ad_file.file.id] : [])));
  if (ids.size === 0) return detail;
  // Only this order's runs of each file: the others' targets and requests are not shown here.
  const listed = (await listedFilesByIds(db, viewer.companyId, [...ids])).map((file) => ({
    ...file,
    runs: file.runs.filter((run) => run.orderNumber === detail.number),
  }));
  const [targets, people, needAdmin] = await Promise.all([
    targetsOf(db, viewer.companyId, listed),
    peopleByIds(db, peopleOfFiles(listed)),
    approvalsNeedAdmin(db, viewer.companyId),
  ]);
  const approvals = await runApprovalView(
    db,
    { ...viewer, approvalsNeedAdmin: needAdmin },
    listed.flatMap(({ file, runs }) =>
      runs.map((run) => ({ fileId: file.id, orderId: run.orderId, runValue: run.runValue })),
    ),
  );
  const approvalOf = (fileId: string, value: string | null): RunApprovalState | null => {
    const found = listed.find(({ file }) => file.id === fileId);
    const run = found?.runs.find((r) => r.runValue === value);
    if (!found || !run) return null;
    const key = { fileId, orderId: run.orderId, runValue: run.runValue };
    const view = fileRunView(
      found.file,
      run,
      targets.get(runKey(run)) ?? null,
      now,
      people,
      approvals.get(runKeyOf(key)),
    );
    return {
      approved: view.approved,
      can_approve: view.can_approve,
      approve_note: view.approve_note,
      approve_mode: view.approve_mode,
      request: view.request,
    };
  };
  return {
    ...detail,
    runs: detail.runs.map((run) =>
      run.ad_file?.file
        ? { ...run, ad_file: { ...run.ad_file, approval: approvalOf(run.ad_file.file.id, run.value) } }
        : run,
    ),
  };
}
