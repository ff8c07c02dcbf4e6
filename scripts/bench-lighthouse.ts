/**
 * `npm run bench:lighthouse`: Lighthouse 12 (mobile, simulated throttling: a mid-range phone on slow
 * 4G) against a server that is already running (`npm start` in another terminal; `--url` or
 * `BENCH_URL` for another address). Builds nothing. Five runs of each page, in Debian's Chromium
 * through chrome-launcher, and the median of each score and metric printed per page. The dashboard
 * page is measured signed in: the script registers an account and signs in through the login page
 * first (BENCH_EMAIL and BENCH_PASSWORD name an existing account instead), and those runs keep the
 * browser's storage (every other run starts from empty storage).
 * A number, not a test: shared machines make timed assertions flaky.
 *
 * Options: --url http://localhost:3000 --runs 5 --only /specs (one page).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { CHROMIUM_PATH } from '../tests/browser';
import { percentile } from './percentile';

const arg = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const base = (arg('url') ?? process.env.BENCH_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const runs = Number(arg('runs') ?? 5);
const only = arg('only');

interface PageToMeasure {
  path: string;
  signedIn?: boolean;
}
const PAGES: PageToMeasure[] = [
  { path: '/' },
  { path: '/shop/magazines' },
  { path: '/shop/magazines/PM501-02' },
  { path: '/specs' },
  { path: '/info/resources' },
  { path: '/login' },
  { path: '/orders/upcoming', signedIn: true },
];

const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
} as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Sample {
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<keyof typeof METRICS, number>;
  /** Failing audits of the categories other than performance, to say what keeps a score down. */
  failing: string[];
}

function sampleOf(result: RunnerResult | undefined): Sample {
  if (!result) throw new Error('Lighthouse returned no result.');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Sample['scores'];
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? Number.NaN]),
  ) as Sample['metrics'];
  const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${c}: ${ref.id}`),
  );
  return { scores, metrics, failing };
}

/**
 * One Lighthouse run. A run that failed to record the page (Lighthouse's NO_NAVSTART now and then on
 * a busy machine) is run again, once; a second failure stops the bench.
 */
async function measure(url: string, flags: Flags, page: Page): Promise<Sample> {
  try {
    return sampleOf(await lighthouse(url, flags, undefined, page));
  } catch (error) {
    console.warn(`\n${url}: ${error instanceof Error ? error.message : String(error)}; running it again.`);
    return sampleOf(await lighthouse(url, flags, undefined, page));
  }
}

/** Registers an account through the API and signs in through the login page, as a person would. */
async function signIn(page: Page) {
  let email = process.env.BENCH_EMAIL ?? '';
  let password = process.env.BENCH_PASSWORD ?? '';
  if (!email || !password) {
    email = `lighthouse.${Date.now()}@bakery.example`;
    password = 'correct horse battery';
    const registered = await fetch(`${base}/api/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password,
        firstname: 'Dana',
        lastname: 'Reyes',
        company: 'Reyes Bakery',
      }),
    });
    if (!registered.ok)
      throw new Error(
        `Registering the bench's account failed (${registered.status}: ${(await registered.json()).message}). ` +
          'Give an existing account in BENCH_EMAIL and BENCH_PASSWORD.',
      );
  }
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0' });
  // The form the server drew works once the page's script has taken it over (ReadyFieldset).
  await page.waitForSelector('form fieldset:enabled');
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.locator('form button[type=submit]::-p-text(Sign in)').click();
  try {
    await page.waitForFunction(() => location.pathname === '/dashboard', { timeout: 30_000 });
  } catch (error) {
    await page.screenshot({ path: '/tmp/bench-signin.png' });
    console.log(await page.evaluate(() => document.body.innerText.slice(0, 500)));
    throw error;
  }
}

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const results: Array<{ path: string; sample: Sample }> = [];
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const pages = PAGES.filter((p) => !only || p.path === only);
  for (const target of pages) {
    const page = await browser.newPage();
    if (target.signedIn) await signIn(page);
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: Boolean(target.signedIn),
    };
    const samples: Sample[] = [];
    for (let run = 0; run < runs; run++) {
      samples.push(await measure(`${base}${target.path}`, flags, page));
      process.stdout.write('.');
    }
    await page.close();
    const median = (pick: (s: Sample) => number) => percentile(samples.map(pick), 50);
    results.push({
      path: target.signedIn ? `${target.path} (signed in)` : target.path,
      sample: {
        scores: Object.fromEntries(
          CATEGORIES.map((c) => [c, median((s) => s.scores[c])]),
        ) as Sample['scores'],
        metrics: Object.fromEntries(
          (Object.keys(METRICS) as Array<keyof typeof METRICS>).map((m) => [m, median((s) => s.metrics[m])]),
        ) as Sample['metrics'],
        failing: [...new Set(samples.flatMap((s) => s.failing))],
      },
    });
  }
  await browser.disconnect();
} finally {
  await chrome.kill();
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `\nLighthouse 12, mobile, simulated throttling, median of ${runs} runs, ${base}\n` +
    '\n| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |' +
    '\n|---|---|---|---|---|---|---|---|---|',
);
for (const { path, sample } of results) {
  const { scores: s, metrics: m } = sample;
  console.log(
    `| \`${path}\` | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ` +
      `${seconds(m.fcp)} | ${seconds(m.lcp)} | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} |`,
  );
}
const failing = results.filter((r) => r.sample.failing.length > 0);
if (failing.length > 0) {
  console.log('\nAudits that failed in at least one run:');
  for (const { path, sample } of failing) console.log(`  ${path}: ${sample.failing.join(', ')}`);
}
