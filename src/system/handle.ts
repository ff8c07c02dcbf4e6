import type { AppSystem } from './app';

/**
 * The app as the first bundle holds it: its actors arrive right after the first render (the system
 * is a chunk of its own), so pages, hooks and route guards reach them through this handle. Work sent
 * before then (events, subscriptions) is kept, in order, until the actors exist — across a failed
 * load too.
 */
export interface AppHandle {
  /**
   * Resolves with the app's actors once they are created and started; rejects with AppLoadError when
   * their code could not be fetched. Reading it again after a failure tries again.
   */
  readonly ready: Promise<AppSystem>;
  /** The app, or null while it is still loading. */
  current(): AppSystem | null;
  /** Calls back once, when the app has loaded (for React's useSyncExternalStore). */
  subscribe(listener: () => void): () => void;
  /** Runs now if the app is there, else as soon as it is (however many loads that takes). */
  whenReady(run: (app: AppSystem) => void): void;
  /**
   * A server render's handle, for a request without the sign-in cookie: the guard would find a
   * visitor, so pages for visitors (sign in, register) are drawn without asking it (it runs in the
   * browser only).
   */
  readonly knownVisitor?: boolean;
}

/**
 * The app's code could not be fetched (the network dropped while the page started). Browsers keep a
 * failed module fetch for the page's life, so what helps is loading the page again (RouteErrorPage
 * offers it).
 */
export class AppLoadError extends Error {
  constructor(cause: unknown) {
    super('Part of this page could not be loaded.', { cause });
    this.name = 'AppLoadError';
  }
}

/**
 * `startAfter`: when the app starts of its own accord (by default at once). A page the server drew
 * starts it once React has adopted the page: actors starting during the adoption would send updates
 * that make React finish it in one long task. A route that needs the app (`ready`) starts it at once
 * whatever the wait; work sent to it before then (`whenReady`) waits with it, in order.
 */
export function createAppHandle(load: () => Promise<AppSystem>, startAfter?: Promise<void>): AppHandle {
  let app: AppSystem | null = null;
  let loading: Promise<AppSystem> | null = null;
  const listeners = new Set<() => void>();
  const queued: Array<(app: AppSystem) => void> = [];

  const settle = (loaded: AppSystem) => {
    app = loaded;
    for (const listener of listeners) listener();
    listeners.clear();
    for (const run of queued.splice(0)) run(loaded);
    return loaded;
  };

  function ready(): Promise<AppSystem> {
    if (app) return Promise.resolve(app);
    loading ??= load().then(settle, (error: unknown) => {
      loading = null;
      throw new AppLoadError(error);
    });
    return loading;
  }

  let waiting = Boolean(startAfter);
  const start = () => {
    waiting = false;
    void ready().catch((error: unknown) => console.error('The app could not be loaded:', error));
  };
  if (startAfter) void startAfter.then(start, start);
  else start();
  return {
    get ready() {
      return ready();
    },
    current: () => app,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    whenReady(run) {
      if (app) {
        run(app);
        return;
      }
      queued.push(run);
      // Kept for whichever load succeeds; a failure is the pages' to show (they read `ready`).
      if (!waiting) void ready().catch(() => {});
    },
  };
}
