import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import type { AdFile, AttachableRun } from '../../../contract/adFiles';
import type { RunsChoice } from '../../../machines/upload/fileActions.machine';
import { Button } from '../../ui/Button';
import { SiteLink } from '../../ui/SiteLink';
import { dayInWords } from '../orders/orderWords';

const choiceKey = (run: { order: string; run: string }) => `${run.order} ${run.run}`;

/** The runs offered, by order, in the order they came. */
function byOrder(runs: readonly AttachableRun[]): [string, AttachableRun[]][] {
  const groups = new Map<string, AttachableRun[]>();
  for (const run of runs) groups.set(run.order, [...(groups.get(run.order) ?? []), run]);
  return [...groups];
}

/**
 * Issue 33: the open runs of the company's orders that take the file's sheet (their ad not due yet,
 * and not served by it already), in a dialog with a checkbox each, by order, and "Select all". One
 * order's runs are attached at a time (one call per order); the file serves them all with its checks.
 */
export function AttachToRun({
  file,
  runs,
  attaching,
  disabled,
  onAttach,
}: {
  file: AdFile;
  /** The runs whose placement takes the file's sheet, and that it does not serve yet. */
  runs: readonly AttachableRun[];
  attaching: boolean;
  disabled: boolean;
  onAttach(to: readonly RunsChoice[]): void;
}) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  if (runs.length === 0) {
    return file.runs.length > 0 ? null : (
      <p className="text-sm text-ink-muted">
        None of your orders has a run that takes {file.sheet.title.toLowerCase()} before its ad is due. Once
        you book one, attach this file to it here.{' '}
        <SiteLink href="/shop" className="font-semibold text-primary-700 underline">
          Browse placements
        </SiteLink>
      </p>
    );
  }
  const groups = byOrder(runs);
  const all = runs.every((run) => chosen.has(choiceKey(run)));
  // Only the runs still offered: one attached since (it left `runs`) is not counted (found by review).
  const ticked = runs.filter((run) => chosen.has(choiceKey(run))).length;
  const toggle = (key: string) =>
    setChosen((before) => {
      const after = new Set(before);
      if (after.has(key)) after.delete(key);
      else after.add(key);
      return after;
    });
  const attach = () => {
    // Each order's chosen runs (the API takes one order a call).
    const to = groups.flatMap(([order, list]) => {
      const picked = list.filter((run) => chosen.has(choiceKey(run))).map((run) => run.run);
      return picked.length > 0 ? [{ order, runs: picked }] : [];
    });
    if (to.length > 0) onAttach(to);
    // The choices stay: the runs attached leave the list, those an order refused stay ticked to retry.
    setOpen(false);
  };
  return (
    <>
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)} disabled={disabled} aria-busy={attaching}>
          <Link2 aria-hidden="true" className="size-4" />
          {attaching ? 'Attaching…' : 'Attach to runs'}
          <span className="sr-only"> {file.name}</span>
        </Button>
      </div>
      <Dialog open={open} onClose={() => setOpen(false)} className="fixed inset-0 z-dialog">
        <div aria-hidden="true" className="fixed inset-0 bg-ink/40 backdrop-blur-[2px]" />
        <div className="fixed inset-0 flex items-end justify-center p-4 tb:items-center">
          <DialogPanel className="max-h-[90vh] w-full max-w-lg overflow-y-auto rounded-3xl bg-white p-6 shadow-2xl">
            <DialogTitle className="text-lg font-bold text-ink">Attach {file.name} to runs</DialogTitle>
            <p className="mt-1 text-sm text-ink-soft">
              The runs of your orders that take {file.sheet.title.toLowerCase()}, their ad not due yet.
            </p>
            <form
              className="mt-4 grid gap-4"
              onSubmit={(event) => {
                event.preventDefault();
                attach();
              }}
            >
              <label className="flex items-center gap-2 text-sm font-semibold text-ink">
                <input
                  type="checkbox"
                  checked={all}
                  onChange={() => setChosen(all ? new Set() : new Set(runs.map(choiceKey)))}
                />
                Select all
              </label>
              {groups.map(([order, list]) => (
                <fieldset key={order} className="grid gap-1">
                  <legend className="text-sm font-semibold text-ink">
                    {order} · {list[0]?.placement}
                  </legend>
                  {list.map((run) => (
                    <label key={choiceKey(run)} className="flex items-center gap-2 text-sm text-ink-soft">
                      <input
                        type="checkbox"
                        checked={chosen.has(choiceKey(run))}
                        onChange={() => toggle(choiceKey(run))}
                      />
                      {run.run_label} (ad due {dayInWords(run.ad_due.date)})
                    </label>
                  ))}
                </fieldset>
              ))}
              <div className="flex flex-col-reverse gap-2 tb:flex-row tb:justify-end">
                <Button variant="secondary" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" disabled={ticked === 0}>
                  Attach{ticked > 0 ? ` to ${ticked} run${ticked === 1 ? '' : 's'}` : ''}
                </Button>
              </div>
            </form>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
