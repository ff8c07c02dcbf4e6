import type { AppSystem } from './app';

/**
 * The app as the first bundle holds it: its actors arrive right after the first render (the system
 * is a chunk of its own), so pages, hooks and route guards reach them through this handle. Events
 * sent before then are delivered once the actors exist, in order.
 */
export interface AppHandle {
  /** Resolves with the app's actors once they are created and started. */
  readonly ready: Promise<AppSystem>;
  /** The app, or null while it is still loading. */
  current(): AppSystem | null;
  /** Calls back once, when the app has loaded (for React's useSyncExternalStore). */
  subscribe(listener: () => void): () => void;
  /** Runs now if the app is there, else as soon as it is. */
  whenReady(run: (app: AppSystem) => void): void;
}

export function createAppHandle(load: () => Promise<AppSystem>): AppHandle {
  let app: AppSystem | null = null;
  const listeners = new Set<() => void>();
  const ready = load().then((loaded) => {
    app = loaded;
    for (const listener of listeners) listener();
    listeners.clear();
    return loaded;
  });
  return {
    ready,
    current: () => app,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    whenReady(run) {
      if (app) run(app);
      else void ready.then(run);
    },
  };
}
