/**
 * `npx tsx scripts/bench-map-cold.ts --url http://127.0.0.1:3000 [--zip 60614] [--runs 5]`: the quick
 * half of `npm run bench:map`, against one server already running (`npm run build`, then
 * `node dist/.server/main.js`): cold visits (a new browser context each: nothing cached) to the
 * every-door page on a zip code, in Chromium with SwiftShader as the tests run it, timed to the map
 * idle with its routes drawn, and to the routes first clickable (the sketch, or the map) (with `--against <url>`, another server's in turn). Prints each visit's waterfall (when each part the map waits for
 * finished, from navigation start) and the median. A number, not a test.
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/browser';
import { CLICKABLE_PROBE, mapTimes } from './mapBenchProbe';

const option = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const base = option('url', 'http://127.0.0.1:3000').replace(/\/+$/, '');
/** Another server (the build before a change) visited in turn with the first, so both see the same machine. */
const against = option('against', '').replace(/\/+$/, '');
const bases = against ? [base, against] : [base];
const zip = option('zip', '60614');
const runs = Number(option('runs', '5'));

/** The parts of the page's waterfall worth naming, by what their address holds. */
const PARTS: [string, RegExp][] = [
  ['main', /\/assets\/(index|main)-[^/]*\.js$/],
  ['route', /\/assets\/direct-mail[^/]*\.js$/],
  ['AreaMap', /\/assets\/AreaMap[^/]*\.js$/],
  ['maplibre', /\/assets\/maplibreEngine[^/]*\.js$/],
  ['worker', /maplibre-gl-worker[^/]*\.mjs$/],
  ['zip', /\/api\/v1\/eddm\/zip\?/],
  ['zipgeom', /\/api\/v1\/eddm\/zipgeom\?/],
  ['context', /\/api\/v1\/eddm\/context\?/],
  ['style', /\.(pmtiles|json)(\?|$)/],
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

async function main() {
  const browser = await chromium.launch(
    chromiumLaunchOptions(['--use-angle=swiftshader', '--enable-unsafe-swiftshader']),
  );
  const totals = new Map<string, number[]>(bases.map((url) => [url, []]));
  const clickables = new Map<string, number[]>(bases.map((url) => [url, []]));
  try {
    for (let run = 0; run < runs; run++)
      for (const base of bases) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        // When the map's wrapper changed state, and how long the main thread was busy in long tasks.
        // (A string: tsx would name the inner functions with a helper the page does not have.)
        await page.addInitScript(`
        const marks = [];
        let busy = 0;
        window.__mapMarks = marks;
        window.__busy = () => busy;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) busy += entry.duration;
        }).observe({ type: 'longtask', buffered: true });
        new MutationObserver((records) => {
          for (const record of records)
            marks.push(record.target.dataset.mapState + '@' + Math.round(performance.now()));
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-map-state'] });
      `);
        await page.addInitScript(CLICKABLE_PROBE);
        await page.goto(`${base}/ads/direct-mail/?m=eddm&zip=${zip}`);
        // When the map was idle with its routes, and when they could first be clicked (the sketch, or the map idle).
        const { clickable, idle: total } = await mapTimes(page);
        const entries = await page.evaluate(() => {
          const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
          return [
            { name: 'html', start: 0, end: navigation.responseEnd },
            ...resources.map((r) => ({ name: r.name, start: r.startTime, end: r.responseEnd })),
          ];
        });
        const [marks, busy] = await page.evaluate(() => {
          const probe = window as unknown as { __mapMarks: string[]; __busy: () => number };
          return [probe.__mapMarks.join(' '), Math.round(probe.__busy())] as const;
        });
        const parts = PARTS.flatMap(([label, pattern]) => {
          const found = entries.find((entry) => pattern.test(entry.name));
          return found ? [`${label} ${Math.round(found.start)}→${Math.round(found.end)}`] : [];
        });
        const html = entries[0];
        console.log(
          `${base} visit ${run + 1}: clickable ${Math.round(clickable)} ms, idle ${Math.round(total)} ms (html →${Math.round(html?.end ?? 0)}; ${parts.join('; ')}; map ${marks}; long tasks ${busy} ms)`,
        );
        totals.get(base)?.push(total);
        clickables.get(base)?.push(clickable);
        await context.close();
      }
  } finally {
    await browser.close();
  }
  for (const [url, samples] of totals)
    console.log(
      `${url}: median of ${runs} cold visits to ${zip}: routes clickable ${Math.round(median(clickables.get(url) ?? []))} ms, map idle ${Math.round(median(samples))} ms`,
    );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
