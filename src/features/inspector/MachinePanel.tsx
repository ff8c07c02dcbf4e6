import { Suspense, use, useId, useState } from 'react';
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import { ChartView, type ChartViewProps } from './ChartView';
import { activeIds, type Chart, layoutChart } from './layoutChart';
import { stateFacts } from './machineFacts';
import { SendEvent } from './SendEvent';
import { plain } from './snapshotDiff';
import type { CoverageState } from './useModelCoverage';

const isMachine = (logic: unknown): logic is AnyStateMachine =>
  Boolean(logic && typeof logic === 'object' && 'root' in logic && 'id' in logic);

function StateDetails({ machine, id }: { machine: AnyStateMachine; id: string }) {
  const facts = stateFacts(machine, id);
  if (!facts) return null;
  const list = (items: string[]) => (items.length ? items.join(', ') : 'none');
  return (
    <section
      aria-label={`State ${id}`}
      className="rounded-2xl border border-primary-100 bg-white p-4 text-sm"
    >
      <h3 className="font-mono font-bold text-ink">{id}</h3>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="font-semibold text-ink-soft">Entry</dt>
        <dd className="font-mono">{list(facts.entry)}</dd>
        <dt className="font-semibold text-ink-soft">Exit</dt>
        <dd className="font-mono">{list(facts.exit)}</dd>
      </dl>
      <h4 className="mt-3 font-semibold text-ink-soft">Transitions</h4>
      {facts.transitions.length ? (
        <ul aria-label={`Transitions from ${id}`} className="mt-1 flex flex-col gap-0.5 font-mono text-xs">
          {facts.transitions.map((t, index) => (
            // Guarded alternatives can share an event and targets: their order tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is the definition's, fixed for the machine.
            <li key={index}>
              {t.event} → {t.targets.length ? t.targets.join(', ') : '(stays)'}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-ink-soft">None of its own.</p>
      )}
    </section>
  );
}

type Layout = { chart: Chart } | { failed: string };

/**
 * Each machine's chart, laid out once (the layout engine answers later), or why it could not be:
 * one promise per machine, so `use` reads the same one on every render.
 */
const layouts = new WeakMap<AnyStateMachine, Promise<Layout>>();
const layoutOf = (machine: AnyStateMachine) => {
  let layout = layouts.get(machine);
  if (!layout) {
    layout = layoutChart(machine).then(
      (chart) => ({ chart }),
      (error: unknown) => ({ failed: error instanceof Error ? error.message : String(error) }),
    );
    layouts.set(machine, layout);
  }
  return layout;
};

/** A machine's chart once it is laid out (MachinePanel shows the wait). */
function LaidOutChart({
  machine,
  ...view
}: { machine: AnyStateMachine } & Omit<ChartViewProps, 'name' | 'chart'>) {
  const layout = use(layoutOf(machine));
  if ('failed' in layout)
    return (
      <p role="alert" className="text-sm font-semibold text-coral-700">
        The chart could not be laid out: {layout.failed}
      </p>
    );
  return <ChartView name={machine.id} chart={layout.chart} {...view} />;
}

/** One actor in the inspector: its statechart to explore, a picked state's facts, sending it events, its context. */
export function MachinePanel({
  actor,
  name,
  coverage,
}: {
  actor: AnyActorRef;
  name: string;
  coverage: CoverageState;
}) {
  const ids = useId();
  // Actors carry their logic (the machine) though the ActorRef type does not say so.
  const logic = (actor as { logic?: unknown }).logic;
  const machine = isMachine(logic) ? logic : null;
  const [selectedState, setSelectedState] = useState<string | null>(null);
  const [follow, setFollow] = useState(true);
  const [showCoverage, setShowCoverage] = useState(false);

  const snapshot = actor.getSnapshot();
  const covered =
    showCoverage && machine && coverage.status === 'ready'
      ? new Set(coverage.coverage.machines[machine.id] ?? [])
      : null;

  return (
    <section aria-label={`Actor ${name}`} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <h2 className="text-lg font-bold text-ink">{name}</h2>
        {machine ? (
          <>
            <label
              htmlFor={`${ids}-follow`}
              className="flex items-center gap-2 text-sm font-semibold text-ink"
            >
              <input
                id={`${ids}-follow`}
                type="checkbox"
                checked={follow}
                onChange={(e) => setFollow(e.target.checked)}
                className="size-4 accent-primary"
              />
              Follow active states
            </label>
            <label
              htmlFor={`${ids}-coverage`}
              className="flex items-center gap-2 text-sm font-semibold text-ink"
            >
              <input
                id={`${ids}-coverage`}
                type="checkbox"
                checked={showCoverage}
                disabled={coverage.status !== 'ready'}
                aria-describedby={`${ids}-coverage-note`}
                onChange={(e) => setShowCoverage(e.target.checked)}
                className="size-4 accent-primary"
              />
              Show model test coverage
            </label>
            <span id={`${ids}-coverage-note`} className="text-xs text-ink-soft">
              {coverage.status === 'loading'
                ? 'Reading the last model test run…'
                : coverage.status === 'missing'
                  ? coverage.message
                  : `From npm run test:model, ${new Date(coverage.coverage.ranAt).toLocaleString('en-US')}${
                      coverage.coverage.machines[machine.id] ? '' : ' (no model drives this machine)'
                    }`}
            </span>
          </>
        ) : null}
      </div>
      {!machine ? (
        <p className="text-sm text-ink-soft">This actor is not a state machine: no chart.</p>
      ) : (
        <Suspense fallback={<p role="status">Laying out the chart…</p>}>
          <LaidOutChart
            machine={machine}
            active={activeIds(machine.id, snapshot.value)}
            selected={selectedState}
            onSelect={setSelectedState}
            covered={covered}
            follow={follow}
          />
        </Suspense>
      )}
      {machine ? (
        <div className="grid gap-4 xl:grid-cols-2">
          {selectedState ? (
            <StateDetails machine={machine} id={selectedState} />
          ) : (
            <p className="rounded-2xl border border-dashed border-primary-100 p-4 text-sm text-ink-soft">
              Pick a state in the chart to light its transitions and list its entry and exit actions.
            </p>
          )}
          <SendEvent actor={actor} machine={machine} name={name} />
        </div>
      ) : null}
      <details className="rounded-2xl border border-primary-100 bg-white p-3">
        <summary className="cursor-pointer font-semibold">Context</summary>
        <pre className="mt-2 max-h-96 overflow-auto text-xs">
          {JSON.stringify(plain(snapshot.context), null, 2)}
        </pre>
      </details>
    </section>
  );
}
