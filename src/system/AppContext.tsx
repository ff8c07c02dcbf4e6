import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';
import { useDrawnByServer } from '../ssr/hydration';
import type { AppSystem } from './app';
import type { AppHandle } from './handle';

const AppContext = createContext<AppHandle | null>(null);

/** Makes the app's actors reachable from every component below (main.tsx wraps the router in it). */
export function AppProvider({ app, children }: { app: AppHandle; children: ReactNode }) {
  return <AppContext.Provider value={app}>{children}</AppContext.Provider>;
}

export function useAppHandle(): AppHandle {
  const app = useContext(AppContext);
  if (!app) throw new Error('useAppHandle needs an <AppProvider> above it.');
  return app;
}

/** The app's actors, or null while they are still loading (the first second of a visit). */
export function useApp(): AppSystem | null {
  const handle = useAppHandle();
  // A page the server drew was drawn without the app (src/entry-server.tsx): the browser's first
  // render, which adopts that HTML, draws without it too.
  const drawnByServer = useDrawnByServer();
  const [app, setApp] = useState(() => (drawnByServer ? null : handle.current()));
  useEffect(() => {
    // The app arriving redraws what depends on it as a transition: in slices, between which the
    // browser stays responsive, rather than in one long task.
    const show = () => {
      const loaded = handle.current();
      if (loaded) startTransition(() => setApp(loaded));
    };
    show();
    return handle.subscribe(show);
  }, [handle]);
  return app;
}

/** For pages whose route waited for the app (`beforeLoad: ({ context }) => context.app.ready`). */
export function useLoadedApp(): AppSystem {
  const app = useApp();
  if (!app) throw new Error('This page needs the app loaded: its route waits for context.app.ready.');
  return app;
}
