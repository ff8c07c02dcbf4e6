/**
 * `npm run bench:map`: in Chromium (SwiftShader WebGL, as in the tests), the time from opening the
 * every-door page on a zip code to the map being idle with its carrier routes drawn: page load,
 * the map code, the routes and their shapes from the API, and MapLibre's first full render. Five
 * cold visits (new browser profile each: nothing cached) and five warm ones. A number, not a test.
 */
import { spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/browser';
import { startOwnServer } from '../tests/e2e/ownServer';
import { percentile } from './bench-search';

const ZIPS = ['60614', '10001', '94110', '30303', '80202'];

console.log('Building the app...');
if (spawnSync('npm', ['run', 'build'], { stdio: 'ignore' }).status !== 0)
  throw new Error('The build failed.');
const server = await startOwnServer();
const browser = await chromium.launch(
  chromiumLaunchOptions(['--use-angle=swiftshader', '--enable-unsafe-swiftshader']),
);

/** Milliseconds from navigation start to the first idle with routes drawn. */
async function visit(context: Awaited<ReturnType<typeof browser.newContext>>, zip: string): Promise<number> {
  const page = await context.newPage();
  await page.goto(`${server.baseURL}/ads/direct-mail/?m=eddm&zip=${zip}`);
  // Checked every frame (no inner functions: the page runs it as compiled): at most a frame late.
  const idle = await page.waitForFunction(
    () => {
      const map = document.querySelector<HTMLElement>('section[data-map-state]');
      return map?.dataset.mapState === 'idle' && Number(map.dataset.areas) > 0 ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  const at = Number(await idle.jsonValue());
  await page.close();
  return at;
}

try {
  const cold: number[] = [];
  for (const zip of ZIPS) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    cold.push(await visit(context, zip));
    await context.close();
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await visit(context, '60601'); // fills the HTTP cache
  const warm: number[] = [];
  for (const zip of ZIPS) warm.push(await visit(context, zip));
  await context.close();
  const line = (label: string, samples: number[]) =>
    console.log(
      `  ${label}  median ${percentile(samples, 50).toFixed(0).padStart(5)} ms   max ${Math.max(...samples)
        .toFixed(0)
        .padStart(5)} ms   (${samples.map((s) => s.toFixed(0)).join(', ')})`,
    );
  console.log(
    '\nEvery-door page: navigation start to the map idle with its routes drawn (Chromium, SwiftShader)',
  );
  line('cold', cold);
  line('warm', warm);
} finally {
  await browser.close();
  await server.close();
}
