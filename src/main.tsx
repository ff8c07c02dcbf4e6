import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadSearchCode } from './features/search/loadSearchCode';
import { type AppRouter, createAppRouter, routerNavigator } from './router';
import { AppProvider } from './system/AppContext';
import type { AppSystem } from './system/app';
import { createAppHandle } from './system/handle';
import './styles.css';

// The app's actors come in a chunk of their own, fetched at once but not in this first script. They
// are started once: a later load after a failed one only fetches what is missing.
let started: AppSystem | null = null;
const app = createAppHandle(() =>
  import('./system/start').then(({ startBrowserApp }) => {
    started ??= startBrowserApp(
      routerNavigator(() => router),
      { loadSearchCode },
    );
    return started;
  }),
);
const router: AppRouter = createAppRouter(app);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <AppProvider app={app}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
