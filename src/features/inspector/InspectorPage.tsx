import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import { actorName, inspected, inspectionVersion, subscribeToInspection } from '../../system/inspection';
import { PageMeta } from '../../ui/PageMeta';
import { activeIds, type Chart, layoutChart } from './layoutChart';

const isMachine = (logic: unknown): logic is AnyStateMachine =>
  Boolean(logic && typeof logic === 'object' && 'root' in logic && 'id' in logic);

function StateChart({ actor }: { actor: AnyActorRef }) {
  // Actors carry their logic (the machine) though the ActorRef type does not say so.
  const logic = (actor as { logic?: unknown }).logic;
  const machine = isMachine(logic) ? logic : null;
  const [chart, setChart] = useState<Chart | null>(null);
  useEffect(() => {
    if (!machine) return;
    let current = true;
    layoutChart(machine)
      .then((laid) => current && setChart(laid))
      .catch((error: unknown) => console.warn('The chart could not be laid out:', error));
    return () => {
      current = false;
    };
  }, [machine]);
  if (!machine) return <p className="text-sm text-ink-soft">This actor is not a state machine: no chart.</p>;
  if (!chart) return <p role="status">Laying out the chart…</p>;
  const active = activeIds(machine.id, actor.getSnapshot().value);
  return (
    <svg
      role="img"
      aria-label={`Statechart of ${machine.id}`}
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      width={chart.width}
      height={chart.height}
      className="max-w-none"
    >
      <defs>
        <marker
          id="arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="6"
          markerHeight="6"
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" fill="#9369fb" />
        </marker>
      </defs>
      {chart.boxes.map((box) => {
        const on = active.has(box.id);
        return (
          <g key={box.id} data-state={box.id} data-active={on || undefined}>
            <rect
              x={box.x}
              y={box.y}
              width={box.width}
              height={box.height}
              rx={10}
              fill={box.compound ? (on ? '#f4f0ff' : '#ffffff') : on ? '#6330d6' : '#ffffff'}
              stroke={on ? '#6330d6' : '#d3c4ff'}
              strokeWidth={on ? 2 : 1}
            />
            <text
              x={box.x + (box.compound ? 10 : box.width / 2)}
              y={box.y + (box.compound ? 20 : box.height / 2 + 4)}
              textAnchor={box.compound ? 'start' : 'middle'}
              fontSize={12}
              fontWeight={700}
              fill={!box.compound && on ? '#ffffff' : '#2e1766'}
            >
              {box.label}
            </text>
          </g>
        );
      })}
      {chart.edges.map((edge) => (
        <g key={`${edge.id}-${edge.points[0]?.x}`}>
          <polyline
            points={edge.points.map((p) => `${p.x},${p.y}`).join(' ')}
            fill="none"
            stroke="#b59bff"
            markerEnd="url(#arrow)"
          />
          {edge.labelAt ? (
            <text x={edge.labelAt.x} y={edge.labelAt.y + 10} fontSize={10} fill="#5224b3">
              {edge.label}
            </text>
          ) : null}
        </g>
      ))}
    </svg>
  );
}

const format = (value: unknown) => {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
};

/**
 * The local machine inspector (development, or a build with VITE_INSPECTOR=true): every live actor
 * with its state and context, the events they received (XState's `inspect` option), and each
 * machine's statechart with its active states. Offline: nothing leaves the page.
 */
export default function InspectorPage() {
  useSyncExternalStore(subscribeToInspection, inspectionVersion);
  const { actors, events } = inspected();
  const named = actors
    .map((actor) => ({ actor, name: actorName(actor) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const [chosen, setChosen] = useState('session');
  const selected = named.find((a) => a.name === chosen) ?? named[0];

  return (
    <div className="mx-auto flex max-w-page flex-col gap-6 px-4 py-8 tb:px-6 xl:px-10">
      <PageMeta title="Machine inspector" description="The app's live XState actors." />
      <h1 className="font-display text-4xl font-bold text-primary-900">Machine inspector</h1>
      <div className="grid gap-6 lg:grid-cols-[320px_minmax(0,1fr)]">
        <section aria-labelledby="actors-heading" className="flex min-w-0 flex-col gap-2">
          <h2 id="actors-heading" className="text-lg font-bold text-ink">
            Live actors
          </h2>
          <ul aria-label="Live actors" className="flex flex-col gap-1">
            {named.map(({ actor, name }) => (
              <li key={actor.sessionId}>
                <button
                  type="button"
                  aria-pressed={selected?.actor === actor}
                  onClick={() => setChosen(name)}
                  className="w-full rounded-xl border border-primary-100 bg-white px-3 py-2 text-left hover:bg-primary-50 aria-pressed:border-primary"
                >
                  <span className="block font-bold text-ink">{name}</span>
                  <span
                    className="block truncate font-mono text-xs text-ink-soft"
                    data-testid={`state-${name}`}
                  >
                    {format(actor.getSnapshot().value)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
        <div className="flex min-w-0 flex-col gap-6">
          {selected ? (
            <section aria-label={`Actor ${selected.name}`} className="flex flex-col gap-3">
              <h2 className="text-lg font-bold text-ink">{selected.name}</h2>
              <div className="overflow-auto rounded-2xl border border-primary-100 bg-white p-3">
                <StateChart actor={selected.actor} />
              </div>
              <details className="rounded-2xl border border-primary-100 bg-white p-3">
                <summary className="cursor-pointer font-semibold">Context</summary>
                <pre className="mt-2 max-h-96 overflow-auto text-xs">
                  {format(selected.actor.getSnapshot().context)}
                </pre>
              </details>
            </section>
          ) : (
            <p>No actors yet.</p>
          )}
          <section aria-labelledby="events-heading">
            <h2 id="events-heading" className="text-lg font-bold text-ink">
              Events
            </h2>
            <ol
              aria-label="Events"
              className="max-h-80 overflow-auto rounded-2xl border border-primary-100 bg-white font-mono text-xs"
            >
              {events.slice(0, 80).map((event) => (
                <li key={event.seq} className="border-b border-primary-50 px-3 py-1">
                  {new Date(event.at).toLocaleTimeString()} · {event.target} ← {event.type}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </div>
  );
}
