import { useSelector } from '@xstate/react';
import { Copy } from 'lucide-react';
import { useCallback, useState } from 'react';
import { createActor } from 'xstate';
import type { OrderRun } from '../../../contract/orders';
import { useLoadedApp } from '../../system/AppContext';
import { fileActionsLogic } from '../../system/files';
import { useFlowActor } from '../../system/hooks/useFlowActor';
import { Button } from '../../ui/Button';
import { focusIfLost } from '../../ui/focusIfLost';
import { FormAlert } from '../../ui/form/FormAlert';

/**
 * The runs a file could serve too (issue 33): the order's runs whose ad is not due yet, that it does
 * not serve already, and whose ad is not settled by another file (approved, passed or being checked:
 * attached there, this file would not be the one shown). Empty once it serves them all.
 */
export const remainingRuns = (runs: readonly OrderRun[], fileId: string) =>
  runs.filter(
    (run) =>
      run.value !== null &&
      run.ad_file !== null &&
      run.ad_file.file?.id !== fileId &&
      (run.ad_file.state === 'missing' || run.ad_file.state === 'attention') &&
      run.ad_due !== null &&
      run.ad_due.days_left >= 0,
  );

/** The run a file shows "Use for every remaining run" on: the first of the order's runs it serves. */
export const firstRunOf = (runs: readonly OrderRun[], fileId: string) =>
  runs.find((run) => run.ad_file?.file?.id === fileId)?.value ?? null;

/**
 * "Use for every remaining run": the run's file (approved, or checked and passed) becomes the ad file
 * of each remaining run too, in one click; what happened is said as it happens.
 */
export function UseForRemaining({
  number,
  file,
  remaining,
  onChanged,
}: {
  number: string;
  file: { id: string; name: string };
  remaining: readonly OrderRun[];
  onChanged(): void;
}) {
  const app = useLoadedApp();
  const actor = useFlowActor(() =>
    createActor(fileActionsLogic(onChanged), { ...app.actorOptions, input: { id: file.id } }),
  );
  const attaching = useSelector(actor, (s) => s.matches('attaching'));
  // Shown once asked, until the next press: the runs attached leave `remaining`, hiding the button.
  const error = useSelector(actor, (s) => s.context.error);
  const [asked, setAsked] = useState<number | null>(null);
  const runs = remaining.flatMap((run) => (run.value ? [run.value] : []));
  const count = (n: number) => `${n} run${n === 1 ? '' : 's'}`;
  // Once every remaining run took the file the button goes: the focus goes to what happened. A new
  // callback when that happens, so React hands it the sentence again.
  const none = runs.length === 0;
  const said = useCallback(
    (sentence: HTMLParagraphElement | null) => {
      if (none && asked !== null) focusIfLost(sentence);
    },
    [none, asked],
  );
  return (
    <div className="grid gap-1">
      {runs.length > 0 ? (
        <div>
          <Button
            variant="secondary"
            disabled={attaching}
            aria-busy={attaching}
            onClick={() => {
              setAsked(runs.length);
              actor.send({ type: 'file.attach', to: [{ order: number, runs }] });
            }}
          >
            <Copy aria-hidden="true" className="size-4" />
            Use for every remaining run<span className="sr-only"> ({file.name})</span>
          </Button>
        </div>
      ) : null}
      <p ref={said} role="status" tabIndex={-1} className="text-sm text-ink-soft">
        {attaching && asked !== null
          ? `Attaching ${file.name} to ${count(asked)}…`
          : asked !== null && !error
            ? `${file.name} is now the ad file of ${count(asked)} more: approve it for each.`
            : ''}
      </p>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
    </div>
  );
}
