import { authTestModel, describePath, modelPaths } from '../model/authModel';
import { BrowserWorld } from './browserWorld';
import { test } from './fixtures';

test.describe('auth model, in Chromium against the running app', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const path of modelPaths()) {
    test(describePath(path), async ({ page, request, baseURL }) => {
      await page.clock.install();
      await authTestModel.testPath(path, new BrowserWorld(page, request, baseURL ?? '').params());
    });
  }
});
