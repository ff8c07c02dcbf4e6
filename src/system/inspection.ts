import type { AnyActorRef, InspectionEvent } from 'xstate';

/**
 * The local machine inspector's feed: XState's `inspect` option on every actor of the app. On in
 * development, and in a production build only with `VITE_INSPECTOR=true`; otherwise `inspect` is
 * undefined and nothing is recorded (and the inspector page is not in the build).
 */
export const INSPECTOR_ENABLED = import.meta.env.DEV || import.meta.env.VITE_INSPECTOR === 'true';

export interface InspectedEvent {
  /** Numbers the events in the order they came. */
  seq: number;
  at: number;
  /** The actor that received it (its system id, or its id). */
  target: string;
  type: string;
}

const LOG_SIZE = 200;
const actors = new Map<string, AnyActorRef>();
const events: InspectedEvent[] = [];
const listeners = new Set<() => void>();
let version = 0;

/** An actor's name: its system id (`session`, `cart`...), else its id. */
const nameOf = (actor: Pick<AnyActorRef, 'sessionId'>) => {
  const known = actors.get(actor.sessionId) as (AnyActorRef & { systemId?: string }) | undefined;
  return known?.systemId ?? known?.id ?? actor.sessionId;
};

function record(event: InspectionEvent) {
  // The inspection API types actors loosely; what it hands over is the actor itself.
  if (event.type === '@xstate.actor') actors.set(event.actorRef.sessionId, event.actorRef as AnyActorRef);
  if (event.type === '@xstate.event') {
    events.unshift({ seq: version, at: Date.now(), target: nameOf(event.actorRef), type: event.event.type });
    events.length = Math.min(events.length, LOG_SIZE);
  }
  if (event.type === '@xstate.snapshot' && event.snapshot.status !== 'active')
    actors.delete(event.actorRef.sessionId);
  version += 1;
  for (const listener of listeners) listener();
}

/** XState's `inspect` option for `createActor`; undefined when the inspector is off. */
export const inspect = INSPECTOR_ENABLED ? record : undefined;

/** The live actors and the latest events, newest first. */
export const inspected = () => ({ actors: [...actors.values()], events, version });
export const inspectionVersion = () => version;
export function subscribeToInspection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export { nameOf as actorName };
