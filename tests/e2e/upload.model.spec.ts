import { CoverageLog } from '../model/coverageLog';
import { upload } from '../model/uploadModel';
import { test } from './fixtures';
import { UploadBrowserWorld } from './uploadBrowserWorld';

test.describe('upload model, in Chromium against the running app', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  upload.paths().forEach((path, index) => {
    test(upload.describePath(path), async ({ page, request }) => {
      test.setTimeout(120_000);
      const world = new UploadBrowserWorld(page, request);
      await world.start();
      const log = new CoverageLog();
      await upload.testModel.testPath(path, log.wrap(world.params()));
      log.save(`upload-browser-${String(index).padStart(2, '0')}`);
    });
  });
});
