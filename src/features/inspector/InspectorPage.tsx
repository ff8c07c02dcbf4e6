import { useState, useSyncExternalStore } from 'react';
import { actorName, inspected, inspectionVersion, subscribeToInspection } from '../../system/inspection';
import { PageMeta } from '../../ui/PageMeta';
import { EventDetail } from './EventDetail';
import { EventSequence } from './EventSequence';
import { MachinePanel } from './MachinePanel';
import { plain } from './snapshotDiff';
import { useModelCoverage } from './useModelCoverage';

/** An actor's state value on one line (an actor without states, a promise's, has none: "undefined"). */
const format = (value: unknown) => (value === undefined ? 'undefined' : JSON.stringify(plain(value)));

/**
 * The local machine inspector (development, or a build with VITE_INSPECTOR=true): every live actor
 * with its state and context; its statechart, to pan, zoom and explore, with the transitions the
 * model tests never took marked; the events between the actors over time, each with what it changed;
 * and a form to send an actor any event its current state takes. Offline: nothing leaves the page
 * but its own API's answer about the last model test run.
 */
export default function InspectorPage() {
  useSyncExternalStore(subscribeToInspection, inspectionVersion);
  const { actors, events } = inspected();
  const named = actors
    .map((actor) => ({ actor, name: actorName(actor) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const [chosen, setChosen] = useState('session');
  const selected = named.find((a) => a.name === chosen) ?? named[0];
  const [pickedSeq, setPickedSeq] = useState<number | null>(null);
  const picked = events.find((e) => e.seq === pickedSeq) ?? null;
  const coverage = useModelCoverage();

  return (
    <div className="mx-auto flex max-w-page flex-col gap-6 px-4 py-8 tb:px-6 xl:px-10">
      <PageMeta title="Machine inspector" description="The app's live XState actors." />
      <h1 className="font-display text-4xl font-bold text-primary-900">Machine inspector</h1>
      <div className="grid gap-6 lg:grid-cols-[280px_minmax(0,1fr)]">
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
                  className="w-full rounded-xl border border-primary-100 bg-white px-3 py-2 text-left hover:bg-primary-50 aria-pressed:border-primary aria-pressed:bg-primary-50"
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
        {selected ? (
          <MachinePanel
            key={selected.actor.sessionId}
            actor={selected.actor}
            name={selected.name}
            coverage={coverage}
          />
        ) : (
          <p>No actors yet.</p>
        )}
      </div>
      <section aria-labelledby="events-heading" className="flex flex-col gap-3">
        <h2 id="events-heading" className="text-lg font-bold text-ink">
          Events over time
        </h2>
        <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <EventSequence events={events} picked={pickedSeq} onPick={setPickedSeq} />
          {picked ? (
            <EventDetail event={picked} />
          ) : (
            <p className="rounded-2xl border border-dashed border-primary-100 p-4 text-sm text-ink-soft">
              Pick an event to see its payload and what it changed in the actor that received it.
            </p>
          )}
        </div>
      </section>
    </div>
  );
}
