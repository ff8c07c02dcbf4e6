import { auth } from '../model/authModel';
import { BrowserWorld } from './browserWorld';
import { testModelInBrowser } from './modelSpec';

testModelInBrowser(auth, {
  name: 'auth',
  title: 'auth model, in Chromium against the running app',
  viewport: { width: 1280, height: 800 },
  world: async ({ page, request, baseURL }) => {
    await page.clock.install();
    return new BrowserWorld(page, request, baseURL ?? '');
  },
});
