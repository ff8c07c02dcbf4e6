import { authTestModel, describePath, modelPaths } from '../model/authModel';
import { CoverageLog } from '../model/coverageLog';
import { BrowserWorld } from './browserWorld';
import { test } from './fixtures';

test.describe('auth model, in Chromium against the running app', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  modelPaths().forEach((path, index) => {
    test(describePath(path), async ({ page, request, baseURL }) => {
      await page.clock.install();
      const log = new CoverageLog();
      await authTestModel.testPath(path, log.wrap(new BrowserWorld(page, request, baseURL ?? '').params()));
      log.save(`auth-browser-${String(index).padStart(2, '0')}`);
    });
  });
});
