import { useCallback, useMemo, useReducer } from 'react';
import type { AdFile } from '../../../../contract/adFiles';
import { oneFileLogic } from '../../../system/files';
import { useKeyedRequest } from '../../../system/hooks/request';
import { useUserData } from '../../../system/hooks/session';

/**
 * The file page's file as it is now: the proof's copy until a change in its Runs has it read again,
 * then the answer, for the header's badge, the checks and the runs alike (found by review: the badge
 * kept saying Replaced after an approval). A failed read is said, with `retry`; the last copy stays.
 */
export function useFreshFile(first: AdFile | null) {
  const user = useUserData();
  const [version, bump] = useReducer((n: number) => n + 1, 0);
  const changed = useCallback(() => bump(), []);
  const again = useMemo(
    () => (user?.uuid && first && version > 0 ? { customer: user.uuid, id: first.id, version } : null),
    [user?.uuid, first, version],
  );
  const reread = useKeyedRequest(oneFileLogic, again);
  const file = first && reread.data?.id === first.id ? reread.data : first;
  return {
    file,
    version,
    changed,
    readError: reread.status === 'failed' ? (reread.error ?? 'The file could not be read again.') : null,
    retry: reread.retry,
  };
}
