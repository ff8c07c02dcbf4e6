import { cart } from '../model/cartModel';
import { CartBrowserWorld } from './cartBrowserWorld';
import { testModelInBrowser } from './modelSpec';

testModelInBrowser(cart, {
  name: 'cart',
  title: 'cart model, in Chromium against the running app',
  viewport: { width: 1280, height: 800 },
  // A path is several page loads and API calls: more than the default 30 s on a busy machine.
  timeout: 90_000,
  world: async ({ page, request }) => {
    const world = new CartBrowserWorld(page, request);
    await world.open();
    return world;
  },
});
