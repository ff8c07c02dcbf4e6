import { useMemo, useState } from 'react';
import { oneFileLogic } from '../../system/files';
import { useKeyedRequest } from '../../system/hooks/request';
import { useUserData } from '../../system/hooks/session';
import { FormAlert } from '../../ui/form/FormAlert';
import { RunApproval } from '../files/RunApproval';

/**
 * The approval of the file serving one run of the order page (issue 33), as on the file's card: the
 * order's view knows nothing of requests, so the file itself is read for this run's approval — who
 * asked, who decided, and Approve, Ask for approval, Accept, Decline or Withdraw as the person may.
 */
export function RunAdApproval({
  fileId,
  fileName,
  order,
  run,
  onChanged,
}: {
  fileId: string;
  fileName: string;
  order: string;
  run: string;
  onChanged(): void;
}) {
  const user = useUserData();
  // Bumped after each change here: the file (its request) is read again with the order.
  const [version, setVersion] = useState(0);
  const key = useMemo(
    () => (user?.uuid ? { customer: user.uuid, id: fileId, version } : null),
    [user?.uuid, fileId, version],
  );
  const { data, error } = useKeyedRequest(oneFileLogic, key);
  const mine = data?.id === fileId ? data.runs.find((r) => r.order === order && r.run === run) : undefined;
  if (error && !data) return <FormAlert tone="error">{error}</FormAlert>;
  if (!mine) return null;
  return (
    <RunApproval
      fileId={fileId}
      fileName={fileName}
      run={mine}
      onChanged={() => {
        setVersion((v) => v + 1);
        onChanged();
      }}
    />
  );
}
