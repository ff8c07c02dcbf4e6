import type { SnapshotFrom } from 'xstate';
import type { SessionEvent, SessionMachine } from '../../../machines/session/session.machine';
import type { SessionActor } from '../../../machines/system';

type SystemModule = typeof import('../../../machines/system');
export type SessionSnapshot = SnapshotFrom<SessionMachine>;

/**
 * The session system (XState and the session actor) loads right after the first bundle instead of
 * inside it: the guard waits a full second before deciding anyway (SPEC section 4), and until then
 * the header shows neither "Sign in" nor the account. Modules in lazy chunks import machines/system
 * directly; the page shell and route guards come through here.
 */
export const systemModule: Promise<SystemModule> = import('../../../machines/system');

let actor: SessionActor | null = null;
const listeners = new Set<() => void>();

void systemModule.then((system) => {
  actor = system.sessionActor;
  actor.subscribe(() => {
    for (const listener of listeners) listener();
  });
  for (const listener of listeners) listener();
});

export const sessionReady = (): Promise<SessionActor> => systemModule.then((system) => system.sessionActor);

/** The current snapshot, or null while the session system is loading. */
export const sessionSnapshot = (): SessionSnapshot | null => actor?.getSnapshot() ?? null;

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sends an event once the session is there (immediately when it already is). */
export function sendToSession(event: SessionEvent): void {
  if (actor) actor.send(event);
  else void sessionReady().then((ready) => ready.send(event));
}
