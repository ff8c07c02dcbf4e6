import { FileText, FileVideo, Mail } from 'lucide-react';
import { useEffect } from 'react';
import type { AdFile, AttachableRun, FileRun } from '../../../contract/adFiles';
import { callFile } from '../../api/client';
import { saveFile } from '../../lib/saveFile';
import { Button } from '../../ui/Button';
import { SiteLink } from '../../ui/SiteLink';
import { dayInWords } from '../orders/orderWords';
import { AttachToRun } from './AttachToRun';
import { FileComments } from './comments/FileComments';
import { FileChecks } from './FileChecks';
import { offeredRuns } from './offeredRuns';
import { RunApproval } from './RunApproval';
import { StatusBadge } from './StatusBadge';
import { useFileActions } from './useFileActions';
import { useThumbnail } from './useThumbnail';

const ICONS: Record<string, typeof FileText> = { mp4: FileVideo, mov: FileVideo, html: Mail };

/** The file's picture: its thumbnail, or an icon of its kind. */
function Preview({ file }: { file: AdFile }) {
  const url = useThumbnail(file.thumbnail_url ? file.thumbnail_url.replace(/^\/api\/v1/, '') : null);
  const Icon = ICONS[file.format ?? ''] ?? FileText;
  return (
    <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-primary-50 tb:size-24">
      {url ? (
        <img src={url} alt="" className="size-full object-contain" />
      ) : (
        <Icon aria-hidden="true" className="size-8 text-primary-500" />
      )}
    </div>
  );
}

/** One run the file serves (issue 33): its own status, approval, "Approve" and "Remove". */
function FileRunRow({
  file,
  run,
  busy,
  onChanged,
  onDetach,
}: {
  file: AdFile;
  run: FileRun;
  busy: boolean;
  onChanged(): void;
  onDetach(): void;
}) {
  const status = run.approved ? 'approved' : run.replaced_by ? 'replaced' : run.status;
  const named = `${run.order}, ${run.run_label}`;
  return (
    <li className="grid gap-1 rounded-xl bg-primary-50/50 p-2" aria-label={named}>
      <div className="flex flex-wrap items-center gap-2 text-sm text-ink-soft">
        <span>
          For{' '}
          <SiteLink href={`/orders/${run.order}`} className="font-semibold text-primary-700 underline">
            {run.order}
          </SiteLink>
          , {run.run_label} {run.ad_due ? `(ad due ${dayInWords(run.ad_due.date)})` : '(order cancelled)'}
        </span>
        <StatusBadge status={status} />
      </div>
      {run.approve_note && !run.can_approve && run.status !== 'checking' && !run.approved ? (
        <p className="text-sm text-ink-muted">{run.approve_note}</p>
      ) : null}
      {run.replaced_by && run.can_approve ? (
        <p className="text-sm text-ink-muted">
          Replaced: {run.replaced_by} is the approved ad of this run. Approve this one to use it instead.
        </p>
      ) : null}
      {/* Approve, or ask an admin (issue 33): who asked, who decided and when. */}
      <RunApproval fileId={file.id} fileName={file.name} run={run} onChanged={onChanged} />
      <div className="flex flex-wrap gap-2">
        {!run.approved ? (
          <Button variant="ghost" onClick={onDetach} disabled={busy}>
            Remove from this run
            <span className="sr-only">
              {' '}
              ({file.name}, {named})
            </span>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The runs a file serves, each a FileRunRow: on its library card and on its page. */
export function FileRunList({
  file,
  busy,
  onChanged,
  onDetach,
}: {
  file: AdFile;
  busy: boolean;
  onChanged(): void;
  onDetach(run: { order: string; run: string }): void;
}) {
  return (
    <ul className="grid gap-2" aria-label={`Runs of ${file.name}`}>
      {file.runs.map((run) => (
        <FileRunRow
          key={`${run.order} ${run.run}`}
          file={file}
          run={run}
          busy={busy}
          onChanged={onChanged}
          onDetach={() => onDetach({ order: run.order, run: run.run })}
        />
      ))}
    </ul>
  );
}

/**
 * One file of the library: the runs it serves (each with its own approval), what the checks said,
 * and attach to more runs, approve, download, delete.
 */
export function FileCard({
  file,
  runs,
  onChanged,
}: {
  file: AdFile;
  /** The runs a file can be attached to; it is offered those of its own sheet. */
  runs: readonly AttachableRun[];
  onChanged(): void;
}) {
  const { actor, state, error, attaching, busy } = useFileActions(file, onChanged);
  // The card lives as long as its file (its comment draft too): a file found being checked again on a
  // later read is watched from here until its checks are done.
  useEffect(() => {
    if (file.status === 'checking') actor.send({ type: 'file.checking' });
  }, [actor, file.status]);
  const attachable = file.status !== 'uploading' && file.status !== 'checking';
  const download = async () => {
    const answer = await callFile(`/files/${file.id}/download`, {}, file.name);
    if (answer.ok) saveFile(answer.blob, file.name);
  };
  return (
    <li className="flex gap-4 py-4" aria-label={file.name}>
      <Preview file={file} />
      <div className="grid min-w-0 flex-1 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 break-all font-semibold text-ink">
            {/* Issue 33: the file shown large, with its print boxes and where its checks failed. */}
            <SiteLink
              href={`/files/${file.id}`}
              className="underline decoration-primary-200 hover:text-primary-700"
            >
              {file.name}
            </SiteLink>
          </h3>
          {/* Approval is each run's own (below); the file's badge says what its checks found. */}
          <StatusBadge status={file.replaced_by ? 'replaced' : file.status} />
        </div>
        <p className="text-sm text-ink-soft">
          Checked against {file.sheet.title}
          {' · '}
          {file.size_formatted}
          {file.uploaded_by ? ` · sent by ${file.uploaded_by.name}` : ''}
        </p>
        {file.runs.length > 0 ? (
          <FileRunList
            file={file}
            busy={busy}
            onChanged={onChanged}
            onDetach={(run) => actor.send({ type: 'file.detach', run })}
          />
        ) : null}
        <FileChecks checks={file.checks} label={`Checks of ${file.name}`} />
        {attachable && state !== 'confirmingDelete' ? (
          <AttachToRun
            file={file}
            runs={offeredRuns(runs, file)}
            attaching={attaching}
            disabled={busy}
            onAttach={(to) => actor.send({ type: 'file.attach', to })}
          />
        ) : null}
        {error ? (
          <p role="alert" className="text-sm font-semibold text-coral-700">
            {error}
          </p>
        ) : null}
        {state === 'confirmingDelete' ? (
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className="sr-only">Delete {file.name}?</legend>
            <span className="text-sm font-semibold text-ink">Delete this file?</span>
            <Button variant="danger" onClick={() => actor.send({ type: 'file.deleteConfirmed' })}>
              Yes, delete it
            </Button>
            <Button variant="secondary" onClick={() => actor.send({ type: 'file.deleteDismissed' })}>
              Keep it
            </Button>
          </fieldset>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() => void download()}
              disabled={file.status === 'uploading'}
            >
              Download<span className="sr-only"> {file.name}</span>
            </Button>
            {file.can_delete ? (
              <Button variant="ghost" onClick={() => actor.send({ type: 'file.delete' })} disabled={busy}>
                Delete<span className="sr-only"> {file.name}</span>
              </Button>
            ) : null}
          </div>
        )}
        <FileComments fileId={file.id} name={file.name} count={file.comments} />
      </div>
    </li>
  );
}
