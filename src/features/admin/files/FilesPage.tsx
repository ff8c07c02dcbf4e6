import { useSelector } from '@xstate/react';
import { useReducer } from 'react';
import { createActor } from 'xstate';
import { FILE_QUEUE_STATES, type FileQueueState, type QueuedFile } from '../../../../contract/adminFiles';
import { selectReviewDone } from '../../../../machines/admin/fileReview.machine';
import { adminFile } from '../../../api/admin/client';
import { adminHref } from '../../../lib/adminSearch/address';
import type { FilesSearch } from '../../../lib/adminSearch/files';
import { useLoadedApp } from '../../../system/AppContext';
import { fileReviewLogic, filesQueueLogic } from '../../../system/admin/files';
import { useKeyedRequest } from '../../../system/hooks/request';
import { useFlowActor } from '../../../system/hooks/useFlowActor';
import { Button } from '../../../ui/Button';
import { DownloadButton } from '../../../ui/DownloadButton';
import { FormAlert } from '../../../ui/form/FormAlert';
import { Pager } from '../../../ui/Pager';
import { columnsOf, DataTable } from '../table/DataTable';
import { ReviewDialog } from './ReviewDialog';

const STATE_LABELS: Record<FileQueueState, string> = {
  attention: 'Failed a check',
  warnings: 'Passed with warnings',
  returned: 'Sent back',
  all: 'All files',
};

const findings = (file: QueuedFile) =>
  file.checks.filter((check) => check.result !== 'passed').map((check) => check.message);

/** /admin/files: the newest file of each run, soonest due first, to accept with a note or send back. */
export function FilesPage({
  search,
  navigate,
}: {
  search: FilesSearch;
  navigate: (search: FilesSearch) => void;
}) {
  const app = useLoadedApp();
  const state = search.state ?? 'attention';
  const page = search.page ?? 1;
  const [version, bump] = useReducer((n: number) => n + 1, 0);
  const review = useFlowActor(() => createActor(fileReviewLogic(bump), app.actorOptions));
  const { data: answer, status, error } = useKeyedRequest(filesQueueLogic, { state, page, version });
  const done = useSelector(review, selectReviewDone);

  const column = columnsOf<QueuedFile>();
  const columns = [
    column.accessor('name', {
      header: 'File',
      cell: (info) => (
        <DownloadButton
          className="font-semibold break-all text-primary-700 underline"
          fetchFile={() => adminFile(`/files/${info.row.original.id}/download`, {}, info.getValue())}
          filename={info.getValue()}
        >
          {info.getValue()}
        </DownloadButton>
      ),
    }),
    column.accessor('company', { header: 'Company' }),
    column.accessor('order', {
      header: 'Order',
      cell: (info) => <span className="font-mono">{info.getValue()}</span>,
    }),
    column.accessor('run_label', { header: 'Run' }),
    column.accessor((file) => file.ad_due.date, { id: 'ad_due', header: 'Ad due' }),
    column.display({
      id: 'findings',
      header: 'Checks',
      cell: (info) => (
        <ul className="grid gap-0.5">
          {findings(info.row.original).map((message) => (
            <li key={message}>{message}</li>
          ))}
          {info.row.original.review ? (
            <li className="font-semibold">
              {info.row.original.review.state === 'accepted' ? 'Accepted' : 'Sent back'}:{' '}
              {info.row.original.review.note}
            </li>
          ) : null}
        </ul>
      ),
    }),
    column.display({
      id: 'actions',
      header: 'Review',
      cell: (info) => {
        const file = info.row.original;
        return (
          <div className="flex flex-wrap gap-2">
            {file.can_accept ? (
              <Button
                variant="secondary"
                aria-label={`Accept ${file.name} with a note`}
                onClick={() => review.send({ type: 'review.open', file, decision: 'accept' })}
              >
                Accept with a note
              </Button>
            ) : null}
            {file.can_return ? (
              <Button
                variant="secondary"
                aria-label={`Send ${file.name} back`}
                onClick={() => review.send({ type: 'review.open', file, decision: 'return' })}
              >
                Send back
              </Button>
            ) : null}
          </div>
        );
      },
    }),
  ];

  return (
    <div className="grid gap-4">
      <h1 className="font-display text-2xl font-bold text-primary-900">Ad files</h1>
      <label className="flex flex-wrap items-center gap-2 text-sm font-bold text-ink">
        Show
        <select
          value={state}
          onChange={(event) => navigate({ state: event.target.value as FileQueueState, page: 1 })}
          className="h-10 rounded-xl border-2 border-primary-100 bg-white px-3 font-medium"
        >
          {FILE_QUEUE_STATES.map((value) => (
            <option key={value} value={value}>
              {STATE_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      {done ? <FormAlert tone="success">{done}</FormAlert> : null}
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <DataTable
        caption="Ad files"
        columns={columns}
        rows={answer?.files ?? []}
        rowId={(file) => file.id}
        empty={status === 'pending' ? 'Loading…' : 'No file needs a look here.'}
        busy={status === 'pending'}
      />
      {answer && answer.pages > 1 ? (
        <Pager
          page={answer.page}
          pages={answer.pages}
          hrefOf={(n) => adminHref('/admin/files', { state, page: n > 1 ? n : undefined })}
        />
      ) : null}
      <ReviewDialog actor={review} />
    </div>
  );
}
