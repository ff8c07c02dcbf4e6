import type { InspectedEvent } from '../../system/inspection';
import { diff, plain } from './snapshotDiff';

const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

/** One picked event: its payload, and what it changed in the actor that received it. */
export function EventDetail({ event }: { event: InspectedEvent }) {
  const { type: _type, ...payload } = event.event;
  const before = event.before && plain({ value: event.before.value, context: event.before.context });
  const after = event.after && plain({ value: event.after.value, context: event.after.context });
  const changes = before !== null && after !== null ? diff(before, after) : [];
  return (
    <section
      aria-label={`Event ${event.type}`}
      className="flex flex-col gap-3 rounded-2xl border border-primary-100 bg-white p-4"
    >
      <h3 className="font-bold text-ink">
        {event.source ?? 'outside'} → {event.target}: <span className="font-mono">{event.type}</span>
      </h3>
      <div>
        <h4 className="text-sm font-semibold text-ink-soft">Payload</h4>
        <pre className="mt-1 max-h-40 overflow-auto rounded-lg bg-primary-50 p-2 text-xs">
          {Object.keys(payload).length ? JSON.stringify(plain(payload), null, 2) : '(none)'}
        </pre>
      </div>
      <div>
        <h4 className="text-sm font-semibold text-ink-soft">What it changed in {event.target}</h4>
        {event.dropped ? (
          <p className="text-sm text-ink-soft">
            Nothing: {event.target} had stopped, so the event was dropped.
          </p>
        ) : after === null ? (
          <p className="text-sm text-ink-soft">Not processed yet.</p>
        ) : before === null ? (
          <p className="text-sm text-ink-soft">
            It started {event.target}, in{' '}
            <span className="font-mono">{JSON.stringify(plain(event.after?.value))}</span>.
          </p>
        ) : changes.length === 0 ? (
          <p className="text-sm text-ink-soft">Nothing: the state and the context are as they were.</p>
        ) : (
          <table className="mt-1 w-full text-left font-mono text-xs">
            <caption className="sr-only">Changes to the state value and context</caption>
            <thead>
              <tr className="text-ink-soft">
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Path
                </th>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Before
                </th>
                <th scope="col" className="py-1 font-semibold">
                  After
                </th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.path} className="border-t border-primary-50 align-top">
                  <th scope="row" className="py-1 pr-3 font-normal text-ink">
                    {change.path}
                  </th>
                  <td className="max-w-64 py-1 pr-3 break-all text-coral-700">{show(change.before)}</td>
                  <td className="max-w-64 py-1 break-all text-primary-700">{show(change.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
