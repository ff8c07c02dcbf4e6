import { useSelector } from '@xstate/react';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { createActor } from 'xstate';
import { useLoadedApp } from '../../../system/AppContext';
import { useFlowActor } from '../../../system/hooks/useFlowActor';
import { proofViewerLogic } from '../../../system/proofViewer';
import { SiteLink } from '../../../ui/SiteLink';
import { DashboardSection } from '../../dashboard/DashboardLayout';
import { StatusBadge } from '../StatusBadge';
import { ProofChecks } from './ProofChecks';
import { ProofViewer, type ProofViewerProps } from './ProofViewer';
import { numberedPlaces } from './proofBoxes';

/**
 * The file page's layout: the proof large on the left (full width on a phone), and beside it (below
 * it on a phone) what the checks found, then the comment thread (`thread`, issue 33's comments).
 */
export function FilePageLayout({
  title,
  status,
  proof,
  checks,
  thread,
}: {
  title: string;
  status?: ReactNode;
  proof: ReactNode;
  checks: ReactNode;
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
          <div className="grid content-start gap-6">
            {checks}
            {thread}
          </div>
        </div>
      </div>
    </DashboardSection>
  );
}

/** /files/$id: one file shown large in the proof viewer, with what its checks found. */
export function FilePage({
  id,
  thread,
  ...viewer
}: { id: string } & Omit<ProofViewerProps, 'actor'> & { thread?: ReactNode }) {
  const app = useLoadedApp();
  const actor = useFlowActor(() => createActor(proofViewerLogic(), { ...app.actorOptions, input: { id } }));
  const file = useSelector(actor, (s) => s.context.source?.file ?? null);
  const marks = useMemo(() => numberedPlaces(file?.checks ?? []), [file]);
  return (
    <FilePageLayout
      title={file?.name ?? 'Ad file'}
      status={file ? <StatusBadge status={file.replaced_by ? 'replaced' : file.status} /> : null}
      proof={<ProofViewer actor={actor} {...viewer} />}
      checks={file ? <ProofChecks checks={file.checks} marks={marks} /> : null}
      thread={thread}
    />
  );
}
