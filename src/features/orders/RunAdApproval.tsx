import type { RunAdFile } from '../../../contract/orders';
import { RunApproval } from '../files/RunApproval';

/**
 * The approval of the file serving one run of the order page (issue 33), as on the file's card: who
 * asked, who decided, and Approve, Ask for approval, Accept, Decline or Withdraw as the person may. The
 * order's view carries it for each run, so the page reads no file of its own; a change reads the order
 * again, which brings the new approval.
 */
export function RunAdApproval({
  ad,
  order,
  run,
  runLabel,
  onChanged,
}: {
  ad: RunAdFile;
  order: string;
  run: string;
  runLabel: string;
  onChanged(): void;
}) {
  if (!ad.file || !ad.approval) return null;
  return (
    <RunApproval
      fileId={ad.file.id}
      fileName={ad.file.name}
      run={{ order, run, run_label: runLabel, ...ad.approval }}
      onChanged={onChanged}
    />
  );
}
