import { checkout } from '../model/checkoutModel';
import { CheckoutBrowserWorld } from './checkoutBrowserWorld';
import { testModelInBrowser } from './modelSpec';

testModelInBrowser(checkout, {
  name: 'checkout',
  title: 'checkout model, in Chromium against the running app',
  viewport: { width: 1280, height: 800 },
  // A path is an add, a sign-in and orders: more than the default 30 s on a busy machine.
  timeout: 90_000,
  world: async ({ page, request }) => {
    // Time runs while the page loads; the world pauses it once the page is ready.
    await page.clock.install();
    const world = new CheckoutBrowserWorld(page, request);
    await world.open();
    return world;
  },
  afterPath: (world) => world.expectSends(),
});
