import type { SnapshotFrom } from 'xstate';
import type { CartEvent, CartMachine } from '../../../machines/cart/cart.machine';
import type {
  SearchDrawerEvent,
  SearchDrawerMachine,
} from '../../../machines/searchDrawer/searchDrawer.machine';
import type { SessionEvent, SessionMachine } from '../../../machines/session/session.machine';
import type { SessionActor } from '../../../machines/system';
import type { ToastsEvent, ToastsMachine } from '../../../machines/toasts/toasts.machine';

type SystemModule = typeof import('../../../machines/system');
export type SessionSnapshot = SnapshotFrom<SessionMachine>;
export type CartSnapshot = SnapshotFrom<CartMachine>;
export type ToastsSnapshot = SnapshotFrom<ToastsMachine>;
export type SearchSnapshot = SnapshotFrom<SearchDrawerMachine>;

/**
 * The app's actors (XState, the session, the cart, the toasts, the search drawer) load right after the first bundle
 * instead of inside it: the session guard waits a full second before deciding anyway (SPEC section
 * 4), and until then the header shows neither "Sign in" nor the account. Modules in lazy chunks
 * import machines/system directly; the page shell and route guards come through here.
 */
export const systemModule: Promise<SystemModule> = import('../../../machines/system');

let system: SystemModule | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

void systemModule.then((loaded) => {
  system = loaded;
  loaded.sessionActor.subscribe(notify);
  loaded.cartActor.subscribe(notify);
  loaded.toastsActor.subscribe(notify);
  loaded.searchActor.subscribe(notify);
  notify();
});

export const sessionReady = (): Promise<SessionActor> => systemModule.then((loaded) => loaded.sessionActor);

/** The current snapshots, or null while the system is loading. */
export const sessionSnapshot = (): SessionSnapshot | null => system?.sessionActor.getSnapshot() ?? null;
export const cartSnapshot = (): CartSnapshot | null => system?.cartActor.getSnapshot() ?? null;
export const toastsSnapshot = (): ToastsSnapshot | null => system?.toastsActor.getSnapshot() ?? null;
export const searchSnapshot = (): SearchSnapshot | null => system?.searchActor.getSnapshot() ?? null;

export function subscribeToSystem(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sends an event once the system is there (immediately when it already is). */
function whenReady(send: (loaded: SystemModule) => void) {
  if (system) send(system);
  else void systemModule.then(send);
}

export const sendToSession = (event: SessionEvent) => whenReady((loaded) => loaded.sessionActor.send(event));
export const sendToCart = (event: CartEvent) => whenReady((loaded) => loaded.cartActor.send(event));
export const sendToToasts = (event: ToastsEvent) => whenReady((loaded) => loaded.toastsActor.send(event));
export const sendToSearch = (event: SearchDrawerEvent) =>
  whenReady((loaded) => loaded.searchActor.send(event));
