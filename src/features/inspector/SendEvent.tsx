import { useId, useState } from 'react';
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import { acceptedEvents } from './machineFacts';

/** The payload as typed: a JSON object (the event's fields besides `type`), or why it is not one. */
export function readPayload(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `Not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, error: 'The payload must be a JSON object, like {"query": "chicago"}.' };
  if ('type' in value) return { ok: false, error: 'Leave out "type": it is the event chosen above.' };
  return { ok: true, value: value as Record<string, unknown> };
}

/**
 * Sends an event to a live actor: the events its current state takes are offered (from the
 * machine's definition), with the payload written as JSON and checked before it goes.
 */
export function SendEvent({
  actor,
  machine,
  name,
}: {
  actor: AnyActorRef;
  machine: AnyStateMachine;
  name: string;
}) {
  const ids = useId();
  const accepted = acceptedEvents(machine, actor.getSnapshot().value);
  const [chosen, setChosen] = useState('');
  const [text, setText] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const type = accepted.includes(chosen) ? chosen : (accepted[0] ?? '');
  const payload = readPayload(text);
  const event = payload.ok ? { ...payload.value, type } : null;
  const takes = event ? (actor.getSnapshot() as { can?: (e: unknown) => boolean }).can?.(event) : undefined;

  return (
    <form
      aria-label={`Send an event to ${name}`}
      className="flex flex-col gap-3 rounded-2xl border border-primary-100 bg-white p-4"
      onSubmit={(submit) => {
        submit.preventDefault();
        if (!event || !type) return;
        actor.send(event);
        setSent(`Sent ${type} to ${name}.`);
      }}
    >
      <h3 className="font-bold text-ink">Send an event to {name}</h3>
      {accepted.length === 0 ? (
        <p className="text-sm text-ink-soft">Its current state takes no events.</p>
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${ids}-type`} className="text-sm font-semibold text-ink">
              Event (what its current state takes)
            </label>
            <select
              id={`${ids}-type`}
              value={type}
              onChange={(change) => {
                setChosen(change.target.value);
                setSent(null);
              }}
              className="h-10 rounded-lg border border-primary-100 bg-white px-2 font-mono font-normal"
            >
              {accepted.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
          <label htmlFor={`${ids}-payload`} className="flex flex-col gap-1 text-sm font-semibold text-ink">
            Payload (JSON, without "type")
            <textarea
              id={`${ids}-payload`}
              value={text}
              rows={3}
              spellCheck={false}
              placeholder='{"query": "chicago"}'
              aria-invalid={!payload.ok}
              aria-describedby={`${ids}-check`}
              onChange={(change) => {
                setText(change.target.value);
                setSent(null);
              }}
              className="rounded-lg border border-primary-100 p-2 font-mono text-xs font-normal aria-invalid:border-coral"
            />
          </label>
          <p
            id={`${ids}-check`}
            className={`text-sm ${payload.ok ? 'text-ink-soft' : 'font-semibold text-coral-700'}`}
          >
            {!payload.ok
              ? payload.error
              : takes === false
                ? 'Its current state would ignore this event as it stands (a guard refuses it).'
                : 'Ready to send.'}
          </p>
          <div className="flex items-center gap-3">
            <button
              type="submit"
              disabled={!payload.ok}
              className="h-10 shrink-0 rounded-xl bg-primary px-4 font-bold whitespace-nowrap text-white hover:bg-primary-700 disabled:opacity-50"
            >
              Send {type}
            </button>
            <p role="status" className="text-sm text-ink-soft">
              {sent}
            </p>
          </div>
        </>
      )}
    </form>
  );
}
