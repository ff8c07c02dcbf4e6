import { FolderOpen } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { FILE_VIEWS } from '../../../contract/adFiles';
import { useLoadedApp } from '../../system/AppContext';
import { useRequestData, useRequestError, useRequestStatus } from '../../system/hooks/request';
import { uploadsOf } from '../../system/uploads';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { SiteLink } from '../../ui/SiteLink';
import { Spinner } from '../../ui/Spinner';
import { DashboardSection, EmptyState } from '../dashboard/DashboardLayout';
import { ApprovalRequests } from './ApprovalRequests';
import { ApprovedFilesZip } from './ApprovedFilesZip';
import { FileCard } from './FileCard';
import { filesHref, personOf } from './filesHref';
import { type FilesActor, readLibraryAgain, useLibraryVersion } from './filesLibrary';
import type { FilesSearch } from './filesSearch';
import { LibraryFilters } from './LibraryFilters';
import { UploadPanel } from './UploadPanel';

const VIEW_LABELS: Record<(typeof FILE_VIEWS)[number], string> = {
  all: 'All files',
  attention: 'Needs attention',
  approved: 'Approved',
};

/**
 * /files: send files (checked the moment they arrive) and the company's library of ad files, which
 * its route holds and shows the address's filters (./filesLibrary.ts).
 */
export function FilesPage({ search, files }: { search: FilesSearch; files: FilesActor }) {
  const app = useLoadedApp();
  const uploads = useMemo(() => uploadsOf(app), [app]);
  // An upload, an approval decided or a file changed: the library and the open requests are read again.
  const version = useLibraryVersion(files);
  const changed = useCallback(() => readLibraryAgain(files), [files]);
  const view = search.view ?? 'all';
  const filtered = Boolean(search.placement || search.sheet || personOf(search));
  const answer = useRequestData(files);
  const status = useRequestStatus(files);
  const error = useRequestError(files);
  const forRun = search.order ? { order: search.order, run: search.run ?? null } : null;
  const orders = [...new Set((answer?.files ?? []).flatMap((f) => f.runs.map((run) => run.order)))];

  return (
    <DashboardSection
      title="Ad Files"
      intro="Send the artwork and videos for your placements. Each file is checked against its placement's spec the moment it arrives."
    >
      <div className="grid gap-8">
        <ApprovalRequests version={version} onChanged={changed} />
        <UploadPanel
          uploads={uploads}
          sheets={answer?.sheets ?? []}
          forRun={forRun}
          openRuns={answer?.runs ?? []}
          onFinished={changed}
        />
        <section aria-labelledby="library" className="grid gap-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="library" className="text-lg font-bold text-ink">
              Your files
            </h2>
            <nav aria-label="Show files" className="flex flex-wrap gap-2">
              {FILE_VIEWS.map((v) => (
                <SiteLink
                  key={v}
                  href={filesHref({ ...search, view: v === 'all' ? undefined : v })}
                  aria-current={v === view ? 'page' : undefined}
                  className={`rounded-full px-3 py-1.5 text-sm font-semibold ${
                    v === view
                      ? 'bg-primary text-white'
                      : 'bg-primary-50 text-primary-800 hover:bg-primary-100'
                  }`}
                >
                  {VIEW_LABELS[v]}
                </SiteLink>
              ))}
            </nav>
          </div>
          {orders.length > 0 || search.order ? (
            <nav aria-label="Files of an order" className="flex flex-wrap items-center gap-2 text-sm">
              <span className="text-ink-muted">Order:</span>
              <SiteLink
                href={filesHref({ ...search, order: undefined, run: undefined })}
                aria-current={!search.order ? 'page' : undefined}
                className={`rounded-full px-3 py-1 ${!search.order ? 'bg-ink text-white' : 'bg-cream text-ink-soft hover:bg-cream-200'}`}
              >
                Any
              </SiteLink>
              {[...new Set([...(search.order ? [search.order] : []), ...orders])].map((number) => (
                <SiteLink
                  key={number}
                  href={filesHref({ ...search, order: number, run: undefined })}
                  aria-current={number === search.order ? 'page' : undefined}
                  className={`rounded-full px-3 py-1 ${number === search.order ? 'bg-ink text-white' : 'bg-cream text-ink-soft hover:bg-cream-200'}`}
                >
                  {number}
                </SiteLink>
              ))}
            </nav>
          ) : null}
          {search.order ? <ApprovedFilesZip number={search.order} /> : null}
          <LibraryFilters
            search={search}
            choices={answer?.filters ?? { placements: [], sheets: [], people: [] }}
            shown={answer ? answer.files.length : null}
          />
          {error ? (
            <div className="flex flex-wrap items-center gap-3">
              <FormAlert tone="error">{error}</FormAlert>
              <Button variant="secondary" onClick={() => files.send({ type: 'request.retry' })}>
                Try again
              </Button>
            </div>
          ) : !answer ? (
            <Spinner label="Loading your files" />
          ) : answer.files.length === 0 && filtered ? (
            <EmptyState
              icon={<FolderOpen aria-hidden="true" className="size-7" />}
              title="No files match these filters."
            >
              <SiteLink
                href={filesHref({})}
                className="mt-3 inline-block font-semibold text-primary-700 underline"
              >
                Clear filters
              </SiteLink>
            </EmptyState>
          ) : answer.files.length === 0 ? (
            <EmptyState
              icon={<FolderOpen aria-hidden="true" className="size-7" />}
              title={view === 'attention' ? 'Nothing needs attention' : 'No files here yet'}
            >
              <p>
                {view === 'all' && !search.order
                  ? 'Files you send are listed here with what the checks found. The ad specs say what each placement needs.'
                  : view === 'attention'
                    ? 'No file has a problem left to fix: a file replaced by its run’s approved ad needs nothing more. All files lists every one.'
                    : 'No file matches. Show all files to see the rest.'}
              </p>
              <SiteLink href="/specs" className="mt-3 inline-block font-semibold text-primary-700 underline">
                Read the ad specs
              </SiteLink>
            </EmptyState>
          ) : (
            <ul aria-label="Files" aria-busy={status === 'pending'} className="divide-y divide-primary-50">
              {answer.files.map((file) => (
                <FileCard
                  // By the file alone: its actors take each fresh read, and an open comment draft stays.
                  key={file.id}
                  file={file}
                  runs={answer.runs}
                  onChanged={changed}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
    </DashboardSection>
  );
}
