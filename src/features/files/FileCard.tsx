import { useSelector } from '@xstate/react';
import { FileText, FileVideo, Mail } from 'lucide-react';
import { createActor } from 'xstate';
import type { AdFile, AttachableRun } from '../../../contract/adFiles';
import { callFile } from '../../api/client';
import { saveFile } from '../../lib/saveFile';
import { useLoadedApp } from '../../system/AppContext';
import { fileActionsLogic } from '../../system/files';
import { useFlowActor } from '../../system/hooks/useFlowActor';
import { Button } from '../../ui/Button';
import { SiteLink } from '../../ui/SiteLink';
import { dayInWords } from '../orders/orderWords';
import { AttachToRun } from './AttachToRun';
import { FileChecks } from './FileChecks';
import { StatusBadge } from './StatusBadge';
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

/**
 * One file of the library: what it is for, what the checks said, and attach (a file sent for a sheet
 * alone), approve, download, delete.
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
  const app = useLoadedApp();
  const actor = useFlowActor(() =>
    createActor(fileActionsLogic(onChanged), {
      ...app.actorOptions,
      input: { id: file.id, checking: file.status === 'checking' },
    }),
  );
  const state = useSelector(actor, (s) => s.value);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = state === 'approving' || state === 'deleting' || state === 'attaching';
  const attachable =
    file.order === null && file.status !== 'uploading' && file.status !== 'checking' && !file.approved;
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
          <StatusBadge status={file.approved ? 'approved' : file.replaced_by ? 'replaced' : file.status} />
        </div>
        <p className="text-sm text-ink-soft">
          {file.order ? (
            <>
              For{' '}
              <SiteLink
                href={`/orders/${file.order.number}`}
                className="font-semibold text-primary-700 underline"
              >
                {file.order.number}
              </SiteLink>
              , {file.order.run_label}{' '}
              {file.order.ad_due ? `(ad due ${dayInWords(file.order.ad_due.date)})` : '(order cancelled)'}
            </>
          ) : (
            <>Checked against {file.sheet.title}</>
          )}
          {' · '}
          {file.size_formatted}
        </p>
        <FileChecks checks={file.checks} label={`Checks of ${file.name}`} />
        {file.approve_note &&
        !file.can_approve &&
        file.status !== 'checking' &&
        !file.approved &&
        !attachable ? (
          <p className="text-sm text-ink-muted">{file.approve_note}</p>
        ) : null}
        {file.replaced_by && file.can_approve ? (
          <p className="text-sm text-ink-muted">
            Replaced: {file.replaced_by} is the approved ad of this run. Approve this one to use it instead.
          </p>
        ) : null}
        {attachable && state !== 'confirmingDelete' ? (
          <AttachToRun
            file={file}
            runs={runs.filter((run) => run.sheet === file.sheet.slug)}
            attaching={state === 'attaching'}
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
            {file.can_approve ? (
              <Button onClick={() => actor.send({ type: 'file.approve' })} disabled={busy}>
                Approve<span className="sr-only"> {file.name}</span>
              </Button>
            ) : null}
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
      </div>
    </li>
  );
}
