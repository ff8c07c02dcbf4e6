import { CoverageLog } from '../model/coverageLog';
import { search } from '../model/searchModel';
import { test } from './fixtures';
import { SearchBrowserWorld } from './searchBrowserWorld';

test.describe('search model, in Chromium against the running app', () => {
  // The header's Search button (wide screens search in the header itself).
  test.use({ viewport: { width: 390, height: 844 } });

  search.paths().forEach((path, index) => {
    test(search.describePath(path), async ({ page }) => {
      const world = new SearchBrowserWorld(page);
      await world.start();
      const log = new CoverageLog();
      await search.testModel.testPath(path, log.wrap(world.params()));
      log.save(`search-browser-${String(index).padStart(2, '0')}`);
    });
  });
});
