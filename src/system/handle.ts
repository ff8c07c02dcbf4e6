import type { AppSystem } from './app';

/**
 * The app as the first bundle holds it: its actors arrive right after the first render (the system
 * is a chunk of its own), so pages, hooks and route guards reach them through this handle. Events
 * sent before then are delivered once the actors exist, in order.
 */
export interface AppHandle {
  /**
   * Resolves with the app's actors once they are created and started. When loading them failed (a
   * network blip while the chunk was fetched), reading it again tries again.
   */
  readonly ready: Promise<AppSystem>;
  /** The app, or null while it is still loading. */
  current(): AppSystem | null;
  /** Calls back once, when the app has loaded (for React's useSyncExternalStore). */
  subscribe(listener: () => void): () => void;
  /** Runs now if the app is there, else as soon as it is. */
  whenReady(run: (app: AppSystem) => void): void;
}

/** Retries of a failed load before it is left to the next reader of `ready` (a page's Try again). */
const RETRY_DELAYS_MS = [1_000, 3_000, 9_000];

export function createAppHandle(
  load: () => Promise<AppSystem>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): AppHandle {
  let app: AppSystem | null = null;
  let loading: Promise<AppSystem> | null = null;
  const listeners = new Set<() => void>();

  async function attempt(): Promise<AppSystem> {
    for (let retry = 0; ; retry += 1) {
      try {
        return await load();
      } catch (error) {
        const delay = RETRY_DELAYS_MS[retry];
        if (delay === undefined) throw error;
        await wait(delay);
      }
    }
  }

  function ready(): Promise<AppSystem> {
    if (app) return Promise.resolve(app);
    if (!loading) {
      loading = attempt().then(
        (loaded) => {
          app = loaded;
          for (const listener of listeners) listener();
          listeners.clear();
          return loaded;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
    }
    return loading;
  }

  void ready().catch((error: unknown) => console.error('The app could not be loaded:', error));
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
      if (app) run(app);
      else void ready().then(run, () => {});
    },
  };
}
