import { upload } from '../model/uploadModel';
import { testModelInBrowser } from './modelSpec';
import { UploadBrowserWorld } from './uploadBrowserWorld';

testModelInBrowser(upload, {
  name: 'upload',
  title: 'upload model, in Chromium against the running app',
  viewport: { width: 1280, height: 900 },
  timeout: 120_000,
  world: async ({ page, request }) => {
    const world = new UploadBrowserWorld(page, request);
    await world.start();
    return world;
  },
});
