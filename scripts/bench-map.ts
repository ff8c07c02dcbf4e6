/**
 * `npm run bench:map`: in Chromium (SwiftShader WebGL, as in the tests), the time from opening the
 * every-door page on a zip code to its carrier routes being drawn and clickable (the map's SVG sketch,
 * or the map itself), and to the map being idle with them drawn: page load, the map code, the routes
 * and their shapes from the API, and MapLibre's first full render. Five cold visits (new browser
 * profile each: nothing cached) and five warm ones, to this checkout's server
 * and the previous release's (scripts/baseline.ts; each checkout built and started as its
 * `npm run serve` does, scripts/checkoutServer.ts), visits alternating between them. A number, not a test.
 *
 * Then the server half (scripts/routeAnswers.ts): how fast each server answers a zip code's routes
 * and shapes from cache (GET /eddm/zip and /eddm/zipgeom, warm, 50 requests each per zip code).
 *
 * Options: --against <tag or commit> (default: the newest v* tag that is not HEAD).
 */
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/browser';
import { E2E_SERVER_ENV } from '../tests/e2e/serverEnv';
import { checkOutBoth } from './baseline';
import { withTeardown } from './benchTeardown';
import { type BenchServer, buildCheckout, startServer } from './checkoutServer';
import { CLICKABLE_PROBE, mapTimes } from './mapBenchProbe';
import { percentile } from './percentile';
import { measureRouteAnswers, printRouteAnswers } from './routeAnswers';

const ZIPS = ['60614', '10001', '94110', '30303', '80202'];

type Context = Awaited<ReturnType<Browser['newContext']>>;

/** Milliseconds from navigation start to the routes drawn and clickable, and to the map idle with them. */
interface Visit {
  clickable: number;
  idle: number;
}

/**
 * One visit: when the routes could first be clicked (drawn on the map's sketch, `data-sketch`, or on
 * the map itself: a build without the sketch counts its map), and when the map was idle with them.
 */
async function visit(context: Context, server: BenchServer, zip: string): Promise<Visit> {
  const page = await context.newPage();
  await page.addInitScript(CLICKABLE_PROBE);
  await page.goto(`${server.url}/ads/direct-mail/?m=eddm&zip=${zip}`);
  const times = await mapTimes(page);
  await page.close();
  return times;
}

const newContext = (browser: Browser) => browser.newContext({ viewport: { width: 1280, height: 900 } });

async function main() {
  await withTeardown(async (teardown) => {
    const { previous, current } = await checkOutBoth(teardown);
    console.log('Building both apps (npm run build in each checkout)...');
    await Promise.all([previous, current].map((checkout) => buildCheckout(checkout, { app: true })));
    console.log('Starting both servers on fresh data folders (each seeds its database first)...');
    const servers = await Promise.all(
      [previous, current].map((checkout) =>
        startServer(checkout, teardown, { staticDir: path.join(checkout.dir, 'dist'), env: E2E_SERVER_ENV }),
      ),
    );
    const browser = await chromium.launch(
      chromiumLaunchOptions(['--use-angle=swiftshader', '--enable-unsafe-swiftshader']),
    );
    teardown.add(() => browser.close());

    const cold = new Map<BenchServer, Visit[]>(servers.map((server) => [server, []]));
    const warm = new Map<BenchServer, Visit[]>(servers.map((server) => [server, []]));
    for (const zip of ZIPS)
      for (const server of servers) {
        const context = await newContext(browser);
        cold.get(server)?.push(await visit(context, server, zip));
        await context.close();
      }
    const contexts = new Map<BenchServer, Context>();
    for (const server of servers) {
      const context = await newContext(browser);
      await visit(context, server, '60601'); // fills the HTTP cache
      contexts.set(server, context);
    }
    for (const zip of ZIPS)
      for (const server of servers) {
        const context = contexts.get(server);
        if (context) warm.get(server)?.push(await visit(context, server, zip));
      }
    for (const context of contexts.values()) await context.close();

    const line = (label: string, samples: number[]) =>
      console.log(
        `  ${label.padEnd(30)}median ${percentile(samples, 50).toFixed(0).padStart(5)} ms   max ${Math.max(
          ...samples,
        )
          .toFixed(0)
          .padStart(5)} ms   (${samples.map((s) => s.toFixed(0)).join(', ')})`,
      );
    for (const [what, measure] of [
      // A build without the sketch counts its map idle: its routes may take a click a frame or two sooner.
      ['the routes drawn and clickable (the sketch, or the map idle)', 'clickable'],
      ['the map idle with its routes drawn', 'idle'],
    ] as const) {
      console.log(`\nEvery-door page: navigation start to ${what} (Chromium, SwiftShader)`);
      for (const [name, visits] of [
        ['cold', cold],
        ['warm', warm],
      ] as const) {
        const samples = (server: BenchServer) => (visits.get(server) ?? []).map((v) => v[measure]);
        for (const server of servers)
          line(`${name}, ${server.checkout.label} (${server.checkout.commit})`, samples(server));
        const [before, now] = servers.map((server) => percentile(samples(server), 50));
        if (before && now)
          console.log(
            `  ${`${name}, ${current.label} / ${previous.label}`.padEnd(30)}${(now / before).toFixed(2)}×`,
          );
      }
    }

    printRouteAnswers(
      await measureRouteAnswers(
        servers.map((server) => ({
          label: `${server.checkout.label} (${server.checkout.commit})`,
          url: server.url,
        })),
        ZIPS,
      ),
    );
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
