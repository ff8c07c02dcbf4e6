import { useMemo } from 'react';
import type { AdFile } from '../../../../contract/adFiles';
import { filesLogic } from '../../../system/files';
import { useKeyedRequest } from '../../../system/hooks/request';
import { useUserData } from '../../../system/hooks/session';
import { Button } from '../../../ui/Button';
import { AttachToRun } from '../AttachToRun';
import { FileRunList } from '../FileCard';
import { offeredRuns } from '../offeredRuns';
import { useFileActions } from '../useFileActions';

/**
 * The runs the file serves, on its page (issue 33), as its library card shows them: each run's order
 * (linked), its check verdict and its approval (approve, ask, who asked, who decided and when,
 * replaced), Remove from this run, and Attach to runs. After a change here the file is read again;
 * the proof itself is not (its bytes did not change).
 */
export function FileRuns({
  file,
  version,
  onChanged: changed,
  readError,
  onRetryRead,
}: {
  /** The file as it is now (useFreshFile). */
  file: AdFile;
  /** Bumped by each change here: the attachable runs are read again with it. */
  version: number;
  onChanged(): void;
  /** Why reading the file again after a change failed; it is shown with Try again. */
  readError: string | null;
  onRetryRead(): void;
}) {
  const user = useUserData();
  const attachable = file.status !== 'uploading' && file.status !== 'checking';
  // The open runs that take its sheet come with the library's answer, narrowed to that sheet.
  const library = useMemo(
    () =>
      user?.uuid && attachable
        ? {
            customer: user.uuid,
            view: 'all' as const,
            order: null,
            placement: null,
            sheet: file.sheet.slug,
            person: null,
            version,
          }
        : null,
    [user?.uuid, attachable, file.sheet.slug, version],
  );
  const open = useKeyedRequest(filesLogic, library);
  const { actor, error, attaching, busy } = useFileActions(file, changed);
  return (
    <section aria-labelledby="file-runs" className="grid gap-3">
      <h2 id="file-runs" className="font-semibold text-ink">
        Runs
      </h2>
      {file.runs.length > 0 ? (
        <FileRunList
          file={file}
          busy={busy}
          onChanged={changed}
          onDetach={(run) => actor.send({ type: 'file.detach', run })}
        />
      ) : (
        <p className="text-sm text-ink-muted">This file is the ad of no run yet.</p>
      )}
      {readError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-semibold text-coral-700">
            The file could not be read again, so its runs may be out of date. {readError}
          </p>
          <Button variant="secondary" onClick={onRetryRead}>
            Try again
          </Button>
        </div>
      ) : null}
      {/* Offered (or said to be none) only once the runs have been read: never while loading, never after a failure. */}
      {attachable && open.data ? (
        <AttachToRun
          file={file}
          runs={offeredRuns(open.data.runs, file)}
          attaching={attaching}
          disabled={busy}
          onAttach={(to) => actor.send({ type: 'file.attach', to })}
        />
      ) : null}
      {attachable && open.status === 'failed' ? (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-semibold text-coral-700">
            The runs this file could be attached to could not be read. {open.error}
          </p>
          <Button variant="secondary" onClick={open.retry}>
            Try again
          </Button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-semibold text-coral-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
