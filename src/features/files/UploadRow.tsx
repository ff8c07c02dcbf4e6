import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { byteSize } from '../../../contract/specRequirements';
import type { UploadActor } from '../../../machines/upload/uploadQueue.machine';
import type { UploadQueueActor } from '../../system/uploads';
import { Button } from '../../ui/Button';
import { FileChecks } from './FileChecks';
import { StatusBadge } from './StatusBadge';

/** What an upload is doing, in words. */
function stateWords(value: string, sent: number, total: number): string {
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  switch (value) {
    case 'queued':
      return 'Waiting to start';
    case 'uploading':
      return `Uploading, ${percent}% (${byteSize(sent)} of ${byteSize(total)})`;
    case 'paused':
      return `Paused at ${percent}%`;
    case 'checking':
    case 'checked':
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
  const snapshot = useSelector(actor, (s) => s);
  const value = typeof snapshot.value === 'string' ? snapshot.value : (Object.keys(snapshot.value)[0] ?? '');
  const { file, sent, total, error, record } = snapshot.context;
  const send = (
    type: 'upload.pause' | 'upload.resume' | 'upload.cancel' | 'upload.retry' | 'upload.dismiss',
  ) => queue.send({ type, id });
  const finished = value === 'passed' || value === 'attention' || value === 'rejected';
  const percent = total > 0 ? Math.round((sent / total) * 100) : 0;
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
        {value === 'uploading' || value === 'queued' ? (
          <Button variant="secondary" onClick={() => send('upload.pause')}>
            Pause<span className="sr-only"> {file.name}</span>
          </Button>
        ) : null}
        {value === 'paused' ? (
          <Button variant="secondary" onClick={() => send('upload.resume')}>
            Resume<span className="sr-only"> {file.name}</span>
          </Button>
        ) : null}
        {value === 'failed' ? (
          <Button variant="secondary" onClick={() => send('upload.retry')}>
            Retry<span className="sr-only"> {file.name}</span>
          </Button>
        ) : null}
        {['queued', 'uploading', 'paused', 'failed'].includes(value) ? (
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
