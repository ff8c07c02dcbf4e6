import { useCallback, useId, useRef, useState } from 'react';
import type { InspectedEvent } from '../../system/inspection';
import { plain } from './snapshotDiff';

/** The column of events that came from outside the actors (a page, a click, a test). */
const OUTSIDE = 'outside';

const time = (at: number) =>
  `${new Date(at).toLocaleTimeString('en-US', { hourCycle: 'h23' })}.${String(at % 1000).padStart(3, '0')}`;

const preview = (event: InspectedEvent) => {
  const { type: _type, ...payload } = event.event;
  const text = Object.keys(payload).length ? JSON.stringify(plain(payload)) : '';
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

export interface EventSequenceProps {
  events: InspectedEvent[];
  picked: number | null;
  onPick: (seq: number) => void;
}

/**
 * The events between the live actors over time, as a sequence diagram: a column per actor, an
 * arrow per event from who sent it to who received it, with its payload; the newest at the bottom.
 * Filtered by actor (sent or received) and by event type.
 */
export function EventSequence({ events, picked, onPick }: EventSequenceProps) {
  const [actor, setActor] = useState('');
  const [type, setType] = useState('');
  const ids = useId();
  const shown = events.filter(
    (e) =>
      (actor === '' || e.target === actor || (e.source ?? OUTSIDE) === actor) &&
      (type.trim() === '' || e.type.toLowerCase().includes(type.trim().toLowerCase())),
  );
  const everyActor = [...new Set(events.flatMap((e) => [e.source ?? OUTSIDE, e.target]))].sort((a, b) =>
    a === OUTSIDE ? -1 : b === OUTSIDE ? 1 : a.localeCompare(b),
  );
  const columns = [...new Set(shown.flatMap((e) => [e.source ?? OUTSIDE, e.target]))].sort(
    (a, b) => everyActor.indexOf(a) - everyActor.indexOf(b),
  );
  // Fixed columns: a long payload is cut short in its row, never widens everyone's column.
  const grid = { gridTemplateColumns: `6.5rem repeat(${Math.max(columns.length, 1)}, 9rem)` };

  // Kept at the bottom as events arrive, unless the person scrolled up to read: the newest row, once
  // drawn, brings the list to its end.
  const atBottom = useRef(true);
  const scrollToNewest = useCallback((row: HTMLLIElement | null) => {
    const list = row?.parentElement;
    if (list && atBottom.current) list.scrollTop = list.scrollHeight;
  }, []);

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label className="text-sm font-semibold text-ink" htmlFor={`${ids}-actor`}>
            Actor
          </label>
          <select
            id={`${ids}-actor`}
            value={actor}
            onChange={(event) => setActor(event.target.value)}
            className="h-10 rounded-lg border border-primary-100 bg-white px-2 font-normal"
          >
            <option value="">All actors</option>
            {everyActor.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label className="text-sm font-semibold text-ink" htmlFor={`${ids}-type`}>
            Event type
          </label>
          <input
            id={`${ids}-type`}
            type="search"
            value={type}
            placeholder="e.g. search.open"
            list={`${ids}-types`}
            onChange={(event) => setType(event.target.value)}
            className="h-10 rounded-lg border border-primary-100 bg-white px-2 font-normal"
          />
          <datalist id={`${ids}-types`}>
            {[...new Set(events.map((e) => e.type))].sort().map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
        </div>
        <p className="pb-2 text-sm text-ink-soft">
          {shown.length === events.length
            ? `${events.length} events`
            : `${shown.length} of ${events.length} events`}
        </p>
      </div>
      <div className="max-w-full overflow-x-auto rounded-2xl border border-primary-100 bg-white">
        <div className="w-max min-w-full">
          <div
            className="sticky top-0 grid border-b border-primary-100 bg-primary-50 text-xs font-bold text-ink"
            style={grid}
            aria-hidden="true"
          >
            <span className="px-2 py-1.5">Time</span>
            {columns.map((name) => (
              <span key={name} className="truncate px-2 py-1.5 text-center">
                {name}
              </span>
            ))}
          </div>
          <ol
            aria-label="Events"
            onScroll={(event) => {
              const el = event.currentTarget;
              atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
            }}
            className="max-h-80 overflow-y-auto font-mono text-xs"
          >
            {shown.length === 0 ? (
              <li className="px-3 py-4 font-sans text-sm text-ink-soft">
                {events.length ? 'No event matches these filters.' : 'No events yet.'}
              </li>
            ) : null}
            {shown.map((event, index) => {
              const from = columns.indexOf(event.source ?? OUTSIDE);
              const to = columns.indexOf(event.target);
              const [left, right] = from <= to ? [from, to] : [to, from];
              const self = from === to;
              return (
                <li
                  key={event.seq}
                  ref={index === shown.length - 1 ? scrollToNewest : undefined}
                  className="grid items-center border-b border-primary-50"
                  style={grid}
                >
                  <span className="px-2 text-ink-muted">{time(event.at)}</span>
                  <button
                    type="button"
                    aria-pressed={picked === event.seq}
                    aria-label={`${event.source ?? OUTSIDE} → ${event.target}: ${event.type}`}
                    onClick={() => onPick(event.seq)}
                    style={{ gridColumn: `${left + 2} / ${right + 3}` }}
                    className="my-0.5 flex min-w-0 flex-col rounded-md px-2 py-1 text-left hover:bg-primary-50 aria-pressed:bg-sunshine-100"
                  >
                    <span className="flex items-center gap-1 font-bold text-primary-900">
                      {self ? '↻' : from <= to ? '' : '←'}
                      <span className="truncate">{event.type}</span>
                      {self || from > to ? '' : '→'}
                    </span>
                    <span
                      aria-hidden="true"
                      className={`block h-0 border-t-2 ${self ? 'border-dotted' : ''} border-primary-300`}
                    />
                    <span className="truncate text-ink-soft">{preview(event)}</span>
                  </button>
                </li>
              );
            })}
          </ol>
        </div>
      </div>
    </div>
  );
}
