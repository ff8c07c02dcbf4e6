import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { AttachableRun } from '../../../contract/adFiles';
import { selectUploads } from '../../../machines/upload/upload.selectors';
import type { UploadTarget } from '../../../machines/upload/upload.types';
import type { Uploads } from '../../system/uploads';
import { FormAlert } from '../../ui/form/FormAlert';
import { SiteLink } from '../../ui/SiteLink';
import { DropZone } from './DropZone';
import { UploadRow } from './UploadRow';

/**
 * Sending files: what they are checked against (the order's run the customer came from, or a spec
 * sheet they pick), the drop zone, the files refused at once, and each upload under way.
 */
export function UploadPanel({
  uploads,
  sheets,
  forRun,
  openRuns = [],
  onFinished,
}: {
  uploads: Uploads;
  sheets: readonly { slug: string; title: string }[];
  forRun: { order: string; run: string | null } | null;
  /** The runs whose ad is not due yet: the order's others may take the same upload (issue 33). */
  openRuns?: readonly AttachableRun[];
  onFinished(): void;
}) {
  const selectId = useId();
  const [sheet, setSheet] = useState('');
  const [also, setAlso] = useState<ReadonlySet<string>>(new Set());
  const [refused, setRefused] = useState<string[]>([]);
  const list = useSelector(uploads.queue, selectUploads);
  const chosen = sheet || sheets[0]?.slug || '';
  const others = forRun?.run
    ? openRuns.filter((run) => run.order === forRun.order && run.run !== forRun.run)
    : [];
  const extra = others.filter((run) => also.has(run.run)).map((run) => run.run);
  const target: UploadTarget | null = forRun
    ? { ...forRun, ...(forRun.run && extra.length > 0 ? { runs: [forRun.run, ...extra] } : {}) }
    : chosen
      ? { sheet: chosen }
      : null;
  return (
    <section aria-labelledby="send-files" className="grid gap-4">
      <h2 id="send-files" className="text-lg font-bold text-ink">
        Send files
      </h2>
      {forRun ? (
        <p className="text-ink-soft">
          Checked against order{' '}
          <SiteLink href={`/orders/${forRun.order}`} className="font-semibold text-primary-700 underline">
            {forRun.order}
          </SiteLink>
          {forRun.run ? `, run ${forRun.run}` : ''}.{' '}
          <SiteLink href="/files" className="text-primary-700 underline">
            Check against a spec sheet instead
          </SiteLink>
        </p>
      ) : (
        <div className="grid gap-1 tb:max-w-md">
          <label htmlFor={selectId} className="text-sm font-semibold text-ink">
            Check against
          </label>
          <select
            id={selectId}
            value={chosen}
            onChange={(event) => setSheet(event.target.value)}
            className="h-11 rounded-button border border-primary-200 bg-white px-3"
          >
            {sheets.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.title}
              </option>
            ))}
          </select>
          <p className="text-sm text-ink-muted">
            For a booked placement, use Upload on its order's page: the file is checked against that exact
            placement.
          </p>
        </div>
      )}
      {others.length > 0 ? (
        <fieldset className="grid gap-1">
          <legend className="text-sm font-semibold text-ink">Also use it for</legend>
          {others.map((run) => (
            <label key={run.run} className="flex items-center gap-2 text-sm text-ink-soft">
              <input
                type="checkbox"
                checked={also.has(run.run)}
                onChange={() =>
                  setAlso((before) => {
                    const after = new Set(before);
                    if (after.has(run.run)) after.delete(run.run);
                    else after.add(run.run);
                    return after;
                  })
                }
              />
              {run.run_label}
            </label>
          ))}
        </fieldset>
      ) : null}
      <DropZone
        disabled={!target}
        onFiles={(files) => {
          if (target) setRefused(uploads.add(files, target));
        }}
      />
      {refused.length > 0 ? (
        <FormAlert tone="error">
          <ul className="grid gap-1">
            {refused.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </FormAlert>
      ) : null}
      {list.length > 0 ? (
        <ul aria-label="Uploads" className="divide-y divide-primary-50">
          {list.map((u) => (
            <UploadRow key={u.id} id={u.id} actor={u.actor} queue={uploads.queue} onFinished={onFinished} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
