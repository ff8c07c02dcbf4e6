import type { AnyActorRef, EventObject, InspectionEvent } from 'xstate';

/**
 * The local machine inspector's feed: XState's `inspect` option on every actor of the app. On in
 * development, and in a production build only with `VITE_INSPECTOR=true`; otherwise `inspect` is
 * undefined and nothing is recorded (and the inspector page is not in the build).
 */
export const INSPECTOR_ENABLED = import.meta.env.DEV || import.meta.env.VITE_INSPECTOR === 'true';

/** What an actor was at one moment: its state value and context (XState never mutates either). */
export interface SnapshotAt {
  value: unknown;
  context: unknown;
  status: string;
}

export interface InspectedEvent {
  /** Numbers the events in the order they came. */
  seq: number;
  at: number;
  /** The actor that sent it, or null when it came from outside the actors (a page, a test). */
  source: string | null;
  /** The actor that received it (its system id, or its id). */
  target: string;
  type: string;
  event: EventObject;
  /** The receiver as the event found it, and as it left it (both null until it has been processed). */
  before: SnapshotAt | null;
  after: SnapshotAt | null;
  /** Sent to an actor that had stopped: never processed. */
  dropped: boolean;
}

const LOG_SIZE = 500;
/** Names of actors no longer live, kept for the events that mention them (the oldest go first). */
const NAMES_KEPT = 1000;
const actors = new Map<string, AnyActorRef>();
const names = new Map<string, string>();
/** Each live actor's latest snapshot: what the next event it processes finds. */
const latest = new Map<string, SnapshotAt>();
let events: InspectedEvent[] = [];
/** Events received and not yet processed, by the receiver's session id. */
const processing = new Map<string, InspectedEvent[]>();
const listeners = new Set<() => void>();
let version = 0;
let seq = 0;

/** An actor's name: its system id (`session`, `cart`...), else its id. */
const nameOf = (actor: Pick<AnyActorRef, 'sessionId'>) => {
  const known = actors.get(actor.sessionId) as (AnyActorRef & { systemId?: string }) | undefined;
  const name = known?.systemId ?? known?.id;
  if (name && !names.has(actor.sessionId)) {
    names.set(actor.sessionId, name);
    if (names.size > NAMES_KEPT) names.delete(names.keys().next().value as string);
  }
  return name ?? names.get(actor.sessionId) ?? actor.sessionId;
};

const snapshotOf = (snapshot: unknown): SnapshotAt => {
  const s = (snapshot ?? {}) as { value?: unknown; context?: unknown; status?: unknown };
  return { value: s.value, context: s.context, status: String(s.status ?? '') };
};

function record(inspection: InspectionEvent) {
  // The inspection API types actors loosely; what it hands over is the actor itself.
  const actor = inspection.actorRef as AnyActorRef;
  if (inspection.type === '@xstate.actor') actors.set(actor.sessionId, actor);
  if (inspection.type === '@xstate.event') {
    const dropped = actor.getSnapshot()?.status !== 'active' && inspection.event.type !== 'xstate.init';
    const entry: InspectedEvent = {
      seq: seq++,
      at: Date.now(),
      source: inspection.sourceRef ? nameOf(inspection.sourceRef) : null,
      target: nameOf(actor),
      type: inspection.event.type,
      event: inspection.event,
      before: null,
      after: null,
      dropped,
    };
    events.push(entry);
    if (events.length > LOG_SIZE) events = events.slice(-LOG_SIZE);
    // Processed in the order they came (an actor's mailbox), each with a snapshot of its own.
    if (!dropped) processing.set(actor.sessionId, [...(processing.get(actor.sessionId) ?? []), entry]);
  }
  if (inspection.type === '@xstate.snapshot') {
    const now = snapshotOf(inspection.snapshot);
    const waiting = processing.get(actor.sessionId) ?? [];
    const done = waiting.find((entry) => entry.event === inspection.event);
    if (done) {
      // What the event found is the snapshot the actor had when it took it from its mailbox: the
      // one the event before it left (not the one it had when this one was sent).
      done.before = latest.get(actor.sessionId) ?? null;
      done.after = now;
      processing.set(
        actor.sessionId,
        waiting.filter((entry) => entry !== done),
      );
    }
    latest.set(actor.sessionId, now);
    if (inspection.snapshot.status !== 'active') {
      actors.delete(actor.sessionId);
      processing.delete(actor.sessionId);
      latest.delete(actor.sessionId);
    }
  }
  version += 1;
  for (const listener of listeners) listener();
}

/** XState's `inspect` option for `createActor`; undefined when the inspector is off. */
export const inspect = INSPECTOR_ENABLED ? record : undefined;

/** The live actors, and the latest events, oldest first. */
export const inspected = () => ({ actors: [...actors.values()], events, version });
export const inspectionVersion = () => version;
export function subscribeToInspection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export { nameOf as actorName };
