import { checkout } from '../model/checkoutModel';
import { CoverageLog } from '../model/coverageLog';
import { CheckoutBrowserWorld } from './checkoutBrowserWorld';
import { test } from './fixtures';

test.describe('checkout model, in Chromium against the running app', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  checkout.paths().forEach((path, index) => {
    test(checkout.describePath(path), async ({ page, request }) => {
      // A path is an add, a sign-in and orders: more than the default 30 s on a busy machine.
      test.setTimeout(90_000);
      // Time runs while the page loads; the world pauses it once the page is ready.
      await page.clock.install();
      const log = new CoverageLog();
      const world = new CheckoutBrowserWorld(page, request);
      await world.open();
      await checkout.testModel.testPath(path, log.wrap(world.params()));
      world.expectSends();
      log.save(`checkout-browser-${String(index).padStart(2, '0')}`);
    });
  });
});
