import { Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { AdFile, AttachableRun } from '../../../contract/adFiles';
import type { RunChoice } from '../../../machines/upload/fileActions.machine';
import { Button } from '../../ui/Button';
import { SiteLink } from '../../ui/SiteLink';
import { dayInWords } from '../orders/orderWords';

const choiceKey = (run: RunChoice) => `${run.order} ${run.run}`;

/**
 * For a file sent against a spec sheet alone: the runs of the company's orders that take that sheet
 * (their ad not due yet), to attach it to one; it is then checked against that run's placement.
 */
export function AttachToRun({
  file,
  runs,
  attaching,
  disabled,
  onAttach,
}: {
  file: AdFile;
  /** The runs whose placement takes the file's sheet. */
  runs: readonly AttachableRun[];
  attaching: boolean;
  disabled: boolean;
  onAttach(to: RunChoice): void;
}) {
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  if (runs.length === 0) {
    return (
      <p className="text-sm text-ink-muted">
        None of your orders has a run that takes {file.sheet.title.toLowerCase()} before its ad is due. Once
        you book one, attach this file to it here.{' '}
        <SiteLink href="/shop" className="font-semibold text-primary-700 underline">
          Browse placements
        </SiteLink>
      </p>
    );
  }
  const run = runs.find((r) => choiceKey(r) === chosen) ?? runs[0];
  return (
    <form
      aria-label={`Attach ${file.name} to a run`}
      className="flex flex-col gap-2 tb:flex-row tb:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (run) onAttach({ order: run.order, run: run.run });
      }}
    >
      <div className="grid min-w-0 flex-1 gap-1">
        <label htmlFor={selectId} className="text-sm font-semibold text-ink">
          Attach to a run
        </label>
        <select
          id={selectId}
          value={run ? choiceKey(run) : ''}
          onChange={(event) => setChosen(event.target.value)}
          className="h-11 w-full min-w-0 rounded-button border border-primary-200 bg-white px-3 text-sm"
        >
          {runs.map((r) => (
            <option key={choiceKey(r)} value={choiceKey(r)}>
              {r.order} · {r.placement} · {r.run_label} (ad due {dayInWords(r.ad_due.date)})
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" disabled={disabled} aria-busy={attaching}>
        <Link2 aria-hidden="true" className="size-4" />
        {attaching ? 'Attaching…' : 'Attach'}
        <span className="sr-only"> {file.name}</span>
      </Button>
    </form>
  );
}
