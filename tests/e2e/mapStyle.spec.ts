import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../browser';
import { basemapStyleOf, LINCOLN_PARK, makePmtiles } from '../support/makePmtiles';
import { getFreePort } from '../support/ports';
import { expect, test } from './fixtures';
import { startOwnServer } from './ownServer';

// SwiftShader gives headless Chromium WebGL, so the maps (MapLibre) render.
test.use({
  launchOptions: chromiumLaunchOptions(['--use-angle=swiftshader', '--enable-unsafe-swiftshader']),
});

const ZIP = '60614';
const routeMap = (page: Page) => page.getByRole('region', { name: `Map of the carrier routes of ${ZIP}` });

/** Where pictures of the map go when someone wants to look at them (MAP_SCREENS_DIR), besides the report. */
async function picture(map: Locator, name: string) {
  const dir = process.env.MAP_SCREENS_DIR;
  const file = test.info().outputPath(`${name}.png`);
  await map.screenshot({ path: file });
  await test.info().attach(name, { path: file, contentType: 'image/png' });
  if (dir) {
    mkdirSync(dir, { recursive: true });
    await map.screenshot({ path: path.join(dir, `${name}.png`) });
  }
}

/**
 * Another host's basemap, as an operator would host one: a style and one PMTiles archive, answered by
 * byte range (how the pmtiles reader fetches), to pages of any origin.
 */
async function startTileHost(): Promise<{ origin: string; server: Server }> {
  const port = await getFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const archive = Buffer.from(makePmtiles({ layers: LINCOLN_PARK, minZoom: 0, maxZoom: 14 }));
  const style = JSON.stringify(basemapStyleOf(`${origin}/lincoln-park.pmtiles`));
  const server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'range');
    response.setHeader('Access-Control-Expose-Headers', 'content-range, content-length');
    if (request.method === 'OPTIONS') return response.writeHead(204).end();
    if (request.url === '/style.json')
      return response.writeHead(200, { 'Content-Type': 'application/json' }).end(style);
    if (request.url !== '/lincoln-park.pmtiles') return response.writeHead(404).end();
    const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
    if (!range) return response.writeHead(200, { 'Content-Length': archive.length }).end(archive);
    const start = Number(range[1]);
    const end = Math.min(Number(range[2]), archive.length - 1);
    response.writeHead(206, {
      'Content-Type': 'application/octet-stream',
      'Content-Range': `bytes ${start}-${end}/${archive.length}`,
      'Content-Length': end - start + 1,
    });
    return response.end(archive.subarray(start, end + 1));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin, server };
}

test.describe('the every-door map over a configured basemap (MAP_STYLE_URL)', () => {
  // One server of its own for both widths.
  test.describe.configure({ mode: 'serial' });
  let tiles: Awaited<ReturnType<typeof startTileHost>>;
  let app: Awaited<ReturnType<typeof startOwnServer>>;

  test.beforeAll(async () => {
    // A server of its own starts from a copy of the seeded database: slower than a test.
    test.setTimeout(180_000);
    tiles = await startTileHost();
    app = await startOwnServer({ MAP_STYLE_URL: `${tiles.origin}/style.json` });
  });
  test.afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => tiles?.server.close(resolve));
  });

  for (const width of [1280, 390])
    test(`draws the streets of the PMTiles archive under the routes at ${width} px`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      const answer = await page.goto(`${app.baseURL}/ads/direct-mail/?m=eddm&zip=${ZIP}`);
      // The page lets the map reach the tile host, and nothing more.
      const policy = answer?.headers()['content-security-policy'] ?? '';
      expect(policy).toMatch(new RegExp(`connect-src [^;]*${tiles.origin.replace(/\./g, '\\.')}`));
      expect(policy).not.toMatch(/connect-src [^;]*\*/);
      const map = routeMap(page);
      await expect(map).toHaveAttribute('data-style', `${tiles.origin}/style.json`, { timeout: 30_000 });
      await expect(map).toHaveAttribute('data-areas', /^[1-9]\d*$/, { timeout: 40_000 });
      // The archive's roads are drawn in view (what the map itself says it rendered).
      await expect(map).toHaveAttribute('data-basemap-layers', /\broads\b/, { timeout: 20_000 });
      await expect(map).toHaveAttribute('data-map-state', 'idle');
      // A basemap with its own labels: the app labels the zip codes, not the places.
      await expect(map.getByText(ZIP, { exact: true })).toBeAttached();
      await expect(map.getByText('Chicago, IL', { exact: true })).toHaveCount(0);
      await picture(map, `map-60614-pmtiles-${width}`);
    });
});

test.describe('the every-door map offline (no basemap configured)', () => {
  for (const width of [1280, 390])
    test(`labels the zip codes and the place around the routes at ${width} px`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/ads/direct-mail/?m=eddm&zip=${ZIP}`);
      const map = routeMap(page);
      await expect(map).toHaveAttribute('data-style', 'offline', { timeout: 30_000 });
      await expect(map).toHaveAttribute('data-areas', /^[1-9]\d*$/, { timeout: 40_000 });
      await expect(map).toHaveAttribute('data-map-state', 'idle');
      // Its own zip code, its neighbours (Lakeview, Old Town) and the city they are in.
      for (const text of [ZIP, '60657', '60610', 'Chicago, IL'])
        await expect(map.getByText(text, { exact: true })).toBeVisible();
      await picture(map, `map-60614-offline-${width}`);
    });
});
