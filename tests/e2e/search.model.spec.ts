import { search } from '../model/searchModel';
import { testModelInBrowser } from './modelSpec';
import { SearchBrowserWorld } from './searchBrowserWorld';

testModelInBrowser(search, {
  name: 'search',
  title: 'search model, in Chromium against the running app',
  // The header's Search button (wide screens search in the header itself).
  viewport: { width: 390, height: 844 },
  world: async ({ page }) => {
    const world = new SearchBrowserWorld(page);
    await world.start();
    return world;
  },
});
