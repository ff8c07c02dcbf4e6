/**
 * `npm run dev`: the API and Vite's dev server (hot reload) on one port, like production, so the SPA
 * calls the embedded API on its own origin with no proxy to configure.
 */
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createServer as createViteServer } from 'vite';
import { createApp, SERVICE_PREFIXES } from '../server/app';
import { CatalogueIndex } from '../server/catalogue/index';
import { readServerConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { syncContent } from '../server/db/seed/content';
import { isSeeded, seed } from '../server/db/seed/index';
import { CRAWLER_PATHS } from '../server/routes/crawlers';
import { isServicePath } from '../server/static/paths';

const config = readServerConfig();
const database = await openDatabase(config);
if (!(await isSeeded(database.db))) {
  console.log('Seeding the catalogue (first start)...');
  await seed(database.db);
}
await syncContent(database.db);
const catalogue = await CatalogueIndex.load(database.db);
const api = getRequestListener(
  createApp({ db: database.db, readDb: database.readDb, config, catalogue }).fetch,
);

const httpServer = createServer();
const vite = await createViteServer({
  server: { middlewareMode: true, hmr: { server: httpServer } },
  appType: 'spa',
});
httpServer.on('request', (req, res) => {
  const url = req.url ?? '/';
  const path = url.split('?')[0] ?? url;
  // robots.txt and the sitemap are the server's too: Vite would answer them with index.html.
  if (isServicePath(path, SERVICE_PREFIXES) || CRAWLER_PATHS.some((p) => p === path)) void api(req, res);
  else vite.middlewares(req, res);
});
httpServer.listen(config.port, () => {
  console.log(`Adlane (development) at http://localhost:${config.port}`);
});
