import { useSelector } from '@xstate/react';
import { Upload } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import type { OrderRun } from '../../../contract/orders';
import { selectUploads } from '../../../machines/upload/upload.selectors';
import { useLoadedApp } from '../../system/AppContext';
import { uploadsOf } from '../../system/uploads';
import { FormAlert } from '../../ui/form/FormAlert';
import { SiteLink } from '../../ui/SiteLink';
import { StatusBadge } from '../files/StatusBadge';
import { UploadRow } from '../files/UploadRow';
import { RunAdApproval } from './RunAdApproval';
import { firstRunOf, remainingRuns, UseForRemaining } from './UseForRemaining';

const STATE_WORDS = {
  missing: 'No file yet',
  checking: 'Checking the file',
  attention: 'Needs attention',
  ready: 'Passed: approve it to use it',
  approved: 'Approved',
} as const;

/**
 * A run's ad on the order's page: missing, checking, needs attention (with what failed), passed, or
 * approved; Upload sends files checked against this run's placement, with their progress here.
 */
export function RunAd({
  number,
  run,
  canSend,
  onChanged,
  others = [],
}: {
  number: string;
  run: OrderRun;
  canSend: boolean;
  onChanged(): void;
  /** The order's runs, for "Use for every remaining run" (issue 33). */
  others?: readonly OrderRun[];
}) {
  const app = useLoadedApp();
  const inputId = useId();
  const uploads = useMemo(() => uploadsOf(app), [app]);
  const [refused, setRefused] = useState<string[]>([]);
  const all = useSelector(uploads.queue, selectUploads);
  const ad = run.ad_file;
  // Design work takes no upload: its ad, once there is one, is the proof the customer approved.
  const value = run.value;
  if (!ad) return null;
  // Files still on their way; a finished one shows as the run's ad above (the order is read again).
  const mine = all.filter((u) => {
    const snapshot = u.actor.getSnapshot();
    const target = snapshot.context.target;
    return (
      snapshot.status === 'active' && 'order' in target && target.order === number && target.run === value
    );
  });
  return (
    <div className="grid gap-2 rounded-2xl bg-cream p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold text-ink">Ad file:</span>
        {ad.state === 'approved' ? (
          <StatusBadge status="approved" />
        ) : ad.state === 'attention' ? (
          <StatusBadge status="attention" />
        ) : (
          <span className="text-sm text-ink-soft">{STATE_WORDS[ad.state]}</span>
        )}
        {ad.file ? (
          <SiteLink href={`/files/${ad.file.id}`} className="text-sm text-primary-700 underline">
            {ad.file.name}
          </SiteLink>
        ) : null}
      </div>
      {ad.problems.length > 0 ? (
        <ul aria-label={`What to fix for ${run.label}`} className="grid gap-1 text-sm text-coral-700">
          {ad.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {canSend && value !== null ? (
        <div className="flex flex-wrap items-center gap-2">
          {(ad.state === 'ready' || ad.state === 'approved') && ad.file ? (
            // Keyed by the file: a newer file that passed gets its own approval, never the old one's.
            <RunAdApproval
              key={ad.file.id}
              ad={ad}
              order={number}
              run={value}
              runLabel={run.label}
              onChanged={onChanged}
            />
          ) : null}
          {ad.state !== 'approved' ? (
            <label
              htmlFor={inputId}
              className="inline-flex h-10 min-w-button cursor-pointer items-center justify-center gap-2 rounded-button border border-primary-200 bg-white px-4 text-sm font-semibold text-primary-700 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary-500 hover:border-primary-400 hover:bg-primary-50"
            >
              <Upload aria-hidden="true" className="size-4" />
              Upload
              <input
                id={inputId}
                type="file"
                multiple
                className="sr-only"
                aria-label={`Upload the ad for ${run.label}`}
                onChange={(event) => {
                  setRefused(uploads.add([...(event.target.files ?? [])], { order: number, run: value }));
                  event.target.value = '';
                }}
              />
            </label>
          ) : null}
        </div>
      ) : null}
      {canSend &&
      value !== null &&
      ad.file &&
      (ad.state === 'approved' || ad.state === 'ready') &&
      // Once per file: on the first run it serves, not on each.
      firstRunOf(others, ad.file.id) === value ? (
        <UseForRemaining
          key={ad.file.id}
          number={number}
          file={ad.file}
          remaining={remainingRuns(others, ad.file.id)}
          onChanged={onChanged}
        />
      ) : null}
      {refused.length > 0 ? <FormAlert tone="error">{refused.join(' ')}</FormAlert> : null}
      {mine.length > 0 ? (
        <ul aria-label={`Uploads for ${run.label}`} className="divide-y divide-primary-100">
          {mine.map((u) => (
            <UploadRow key={u.id} id={u.id} actor={u.actor} queue={uploads.queue} onFinished={onChanged} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
