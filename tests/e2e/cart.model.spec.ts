import { cart } from '../model/cartModel';
import { CoverageLog } from '../model/coverageLog';
import { CartBrowserWorld } from './cartBrowserWorld';
import { test } from './fixtures';

test.describe('cart model, in Chromium against the running app', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  cart.paths().forEach((path, index) => {
    test(cart.describePath(path), async ({ page, request }) => {
      // A path is several page loads and API calls: more than the default 30 s on a busy machine.
      test.setTimeout(90_000);
      const log = new CoverageLog();
      const world = new CartBrowserWorld(page, request);
      await world.open();
      await cart.testModel.testPath(path, log.wrap(world.params()));
      log.save(`cart-browser-${String(index).padStart(2, '0')}`);
    });
  });
});
