import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { byteSize } from '../../../contract/specRequirements';
import {
  selectCanCancel,
  selectCanPause,
  selectCanResume,
  selectCanRetry,
  selectHasVerdict,
  selectSentBytes,
  selectTotalBytes,
  selectUploadError,
  selectUploadFile,
  selectUploadPercent,
  selectUploadStage,
  type UploadStage,
} from '../../../machines/upload/upload.selectors';
import type { UploadActor } from '../../../machines/upload/uploadQueue.machine';
import type { UploadQueueActor } from '../../system/uploads';
import { Button } from '../../ui/Button';
import { FileChecks } from './FileChecks';
import { StatusBadge } from './StatusBadge';

/** What an upload is doing, in words. */
function stateWords(value: UploadStage, sent: number, total: number): string {
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  switch (value) {
    case 'queued':
      return 'Waiting to start';
    case 'uploading':
      return `Uploading, ${percent}% (${byteSize(sent)} of ${byteSize(total)})`;
    case 'paused':
      return `Paused at ${percent}%`;
    case 'checking':
      return 'Uploaded; checking it against the spec';
    case 'failed':
      return 'Stopped';
    case 'cancelling':
      return 'Cancelling';
    default:
      return 'Checked';
  }
}

/** One file on its way: progress, what it is doing, and the buttons that make sense now. */
export function UploadRow({
  id,
  actor,
  queue,
  onFinished,
}: {
  id: string;
  actor: UploadActor;
  queue: UploadQueueActor;
  /** Called once when the checks are done (the library reads its files again). */
  onFinished?: () => void;
}) {
  const value = useSelector(actor, selectUploadStage);
  const file = useSelector(actor, selectUploadFile);
  const sent = useSelector(actor, selectSentBytes);
  const total = useSelector(actor, selectTotalBytes);
  const percent = useSelector(actor, selectUploadPercent);
  const error = useSelector(actor, selectUploadError);
  const record = useSelector(actor, (s) => s.context.record);
  const finished = useSelector(actor, selectHasVerdict);
  // The buttons the machine answers to now, asked of the machine itself.
  const canPause = useSelector(actor, selectCanPause);
  const canResume = useSelector(actor, selectCanResume);
  const canRetry = useSelector(actor, selectCanRetry);
  const canCancel = useSelector(actor, selectCanCancel);
  const send = (
    type: 'upload.pause' | 'upload.resume' | 'upload.cancel' | 'upload.retry' | 'upload.dismiss',
  ) => queue.send({ type, id });
  // Once per upload, whatever re-renders follow.
  const told = useRef(false);
  useEffect(() => {
    if (!finished || told.current) return;
    told.current = true;
    onFinished?.();
  }, [finished, onFinished]);
  return (
    <li className="grid gap-2 py-3" aria-label={file.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 break-all font-semibold text-ink">{file.name}</p>
        {finished && record ? <StatusBadge status={record.status} /> : null}
      </div>
      {!finished ? (
        <div
          role="progressbar"
          aria-label={`${file.name} upload`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-primary-50"
        >
          <div
            className={`h-full rounded-full transition-[width] ${value === 'failed' ? 'bg-coral-500' : 'bg-primary-500'}`}
            style={{ width: `${percent}%` }}
          />
        </div>
      ) : null}
      <p className="text-sm text-ink-soft" aria-live="polite">
        {stateWords(value, sent, total)}
      </p>
      {error ? (
        <p role="alert" className="text-sm font-semibold text-coral-700">
          {error}
        </p>
      ) : null}
      {finished && record ? (
        <FileChecks checks={record.checks} label={`Checks of ${file.name}`} only="problems" />
      ) : null}
      <div className="flex flex-wrap gap-2">
        {canPause ? (
          <Button variant="secondary" onClick={() => send('upload.pause')}>
            Pause<span className="sr-only"> {file.name}</span>
          </Button>
        ) : null}
        {canResume ? (
          <Button variant="secondary" onClick={() => send('upload.resume')}>
            Resume<span className="sr-only"> {file.name}</span>
          </Button>
        ) : null}
        {canRetry ? (
          <Button variant="secondary" onClick={() => send('upload.retry')}>
            Retry<span className="sr-only"> {file.name}</span>
          </Button>
        ) : null}
        {canCancel ? (
          <Button variant="ghost" onClick={() => send('upload.cancel')}>
            Cancel<span className="sr-only"> {file.name}</span>
          </Button>
        ) : null}
        {finished ? (
          <Button variant="ghost" onClick={() => send('upload.dismiss')}>
            Dismiss<span className="sr-only"> {file.name}</span>
          </Button>
        ) : null}
      </div>
    </li>
  );
}
