import { useSelector } from '@xstate/react';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { createActor } from 'xstate';
import type { CommentPin } from '../../../../contract/adFiles';
import { useLoadedApp } from '../../../system/AppContext';
import { useFlowActor } from '../../../system/hooks/useFlowActor';
import { proofViewerLogic } from '../../../system/proofViewer';
import { Button } from '../../../ui/Button';
import { SiteLink } from '../../../ui/SiteLink';
import { DashboardSection } from '../../dashboard/DashboardLayout';
import { CommentThread, type ThreadPin } from '../comments/CommentThread';
import { RunReadFailed } from '../runReadFailed';
import { StatusBadge } from '../StatusBadge';
import { FileRuns } from './FileRuns';
import { ProofChecks } from './ProofChecks';
import { ProofDownload } from './ProofDownload';
import { ProofViewer } from './ProofViewer';
import { numberedPlaces } from './proofBoxes';
import { useFreshFile } from './useFreshFile';

/**
 * The file page's layout: the proof large on the left (full width on a phone), and beside it (below
 * it on a phone) the runs it serves, what the checks found, then the comment thread (`thread`, issue 33's comments).
 */
export function FilePageLayout({
  title,
  status,
  proof,
  checks,
  runs,
  thread,
}: {
  title: string;
  status?: ReactNode;
  proof: ReactNode;
  checks: ReactNode;
  /** The runs the file serves, each with its approval (issue 33). */
  runs?: ReactNode;
  thread?: ReactNode;
}) {
  return (
    <DashboardSection title={title}>
      <div className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <SiteLink
            href="/files"
            className="inline-flex items-center gap-1 text-sm font-semibold text-primary-700 underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            All files
          </SiteLink>
          {status}
        </div>
        <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0">{proof}</div>
          <div className="grid min-w-0 content-start gap-6">
            {runs}
            {checks}
            {thread}
          </div>
        </div>
      </div>
    </DashboardSection>
  );
}

/**
 * /files/$id: one file shown large in the proof viewer, with what its checks found and its comment
 * thread beside it; a comment may be pinned to a point picked on the proof.
 */
export function FilePage({ id }: { id: string }) {
  const app = useLoadedApp();
  const actor = useFlowActor(() => createActor(proofViewerLogic(), { ...app.actorOptions, input: { id } }));
  const loaded = useSelector(actor, (s) => s.context.source?.file ?? null);
  // After a change in Runs, the badge, the checks and the runs all show the file read again.
  const fresh = useFreshFile(loaded);
  const file = fresh.file;
  const marks = useMemo(() => numberedPlaces(file?.checks ?? []), [file]);
  const [pins, setPins] = useState<ThreadPin[]>([]);
  const [picking, setPicking] = useState(false);
  const [pending, setPending] = useState<CommentPin | null>(null);
  const shownPins = pending ? [...pins, { id: 'new', ...pending, label: 'New' }] : pins;
  return (
    <FilePageLayout
      title={file?.name ?? 'Ad file'}
      status={
        file ? (
          <div className="flex flex-wrap items-center gap-3">
            <StatusBadge status={file.replaced_by ? 'replaced' : file.status} />
            <ProofDownload file={file} />
          </div>
        ) : null
      }
      proof={
        <div className="grid gap-2">
          {picking ? (
            <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-primary-50 p-3 text-sm text-ink">
              <p>
                Click a point on the proof, or press Enter for the point under the ring, to pin your comment.
              </p>
              <Button variant="secondary" onClick={() => setPicking(false)}>
                Cancel pinning
              </Button>
            </div>
          ) : null}
          {/* Said when the pin lands, since the focus stays on the proof. */}
          <p role="status" className="sr-only">
            {pending && !picking ? `Pin placed on page ${pending.page}: write your comment and post it.` : ''}
          </p>
          <ProofViewer
            actor={actor}
            pins={shownPins}
            picking={picking}
            onPickPoint={(point) => {
              setPending(point);
              setPicking(false);
            }}
            onCancelPick={() => setPicking(false)}
          />
        </div>
      }
      runs={
        file ? (
          <RunReadFailed.Provider value={fresh.readError != null}>
            <FileRuns
              file={file}
              version={fresh.version}
              onChanged={fresh.changed}
              readError={fresh.readError}
              onRetryRead={fresh.retry}
            />
          </RunReadFailed.Provider>
        ) : null
      }
      checks={file ? <ProofChecks checks={file.checks} marks={marks} /> : null}
      thread={
        <section aria-labelledby="file-comments" className="grid gap-3">
          <h2 id="file-comments" className="font-semibold text-ink">
            Comments
          </h2>
          <CommentThread
            source={{ file: id }}
            pin={pending}
            onStartPinning={() => setPicking(true)}
            onClearPin={() => setPending(null)}
            onPins={setPins}
          />
        </section>
      }
    />
  );
}
