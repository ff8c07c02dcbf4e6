import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderedRoute } from '../../contract/drawnPages';
import type { PageRenderer } from '../../server/ssr/pageRenderer';
import { loadStaticSite } from '../../server/static/site';
import { DRIVERS, type Harness } from './harness';

/**
 * How the server answers a page it draws (server/static/serve.ts, server/ssr/): the page in index.html's
 * root with the API answers it used, the app's script after the first paint, the policy's hashes for
 * its style attributes, 404 for a not-found page, and the bare index.html whenever drawing fails or
 * takes too long. The drawing itself is faked: the build's server entry is what the browser tests run.
 */
const INDEX = `<!doctype html><html><head><title>Adlane</title><script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/chunk-def.js">
<link rel="stylesheet" crossorigin href="/assets/index.css"></head><body><div id="root"></div>${' '.repeat(600)}</body></html>`;

const [, openPglite] = DRIVERS[0] ?? [];

describe('pages drawn by the server', () => {
  let h: Harness;
  const asked: Array<{ href: string; signedIn: boolean }> = [];
  const drawings = new Map<string, () => Promise<RenderedRoute | null>>();
  const renderPage: PageRenderer = async (href, fetch, signedIn) => {
    asked.push({ href, signedIn });
    // The renderer reaches the API in the same process.
    const stats = await fetch('/api/v1/ui/stats');
    expect(stats.status).toBe(200);
    return (drawings.get(href) ?? (async () => null))();
  };
  // As the app's router answers: the root route at least.
  renderPage.routeIdsOf = (href) => (href.startsWith('/orders') ? ['__root__', '/orders'] : ['__root__']);

  beforeAll(async () => {
    if (!openPglite) throw new Error('No PGlite driver');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'adlane-drawn-'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
    const vite = path.join(dir, '.vite');
    mkdirSync(vite);
    writeFileSync(
      path.join(vite, 'manifest.json'),
      JSON.stringify({ 'src/boot.ts': { file: 'assets/boot-1.js' } }),
    );
    // What the build says the pages import later: a route's chunks (one shared with the entry).
    writeFileSync(
      path.join(vite, 'drawn-page-chunks.json'),
      JSON.stringify({
        routes: {
          '/': ['/assets/chunk-def.js', '/assets/shared-1.js', '/assets/home-1.js'],
          '/shop': ['/assets/shop-1.js'],
          '/orders': ['/assets/shared-1.js', '/assets/orders-1.js'],
        },
        routesAtStart: { '/': ['/assets/picker-1.js'] },
        app: ['/assets/shared-1.js', '/assets/start-1.js'],
        takeOver: ['/assets/adopt-1.js'],
      }),
    );
    h = await openPglite({ site: loadStaticSite(dir), renderPage });
  });
  afterAll(async () => {
    await h.close();
  });

  const page = (html: string, extra: Partial<RenderedRoute> = {}): RenderedRoute => ({
    html,
    calls: {
      'GET /api/v1/ui/stats': { status: 200, type: 'application/json', body: '{"name":"</script><!--"}' },
    },
    href: '/',
    notFound: false,
    routeIds: ['__root__', '/'],
    ...extra,
  });

  it('puts the page in the root, its answers in a data block no answer can break out of, and the app script after paint', async () => {
    drawings.set('/', async () => page('<main><h1 style="color:red">Advertise</h1></main>'));
    const response = await h.app.request('/');
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('<div id="root"><main><h1 style="color:red">Advertise</h1></main></div>');
    const block =
      /<script type="application\/json" id="adlane-rendered">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(block).not.toContain('<');
    expect(JSON.parse(block).calls['GET /api/v1/ui/stats'].body).toBe('{"name":"</script><!--"}');
    // The app's script and its chunks wait for boot.js, which fetches them once the page is painted.
    expect(html).toContain('<script type="module" crossorigin src="/assets/boot-1.js"></script>');
    expect(html).not.toMatch(/src="\/assets\/index-abc\.js"|rel="modulepreload"/);
    const scripts =
      /<script type="application\/json" id="adlane-scripts">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    // With the code of its routes (not another route's), run before they load, and what it asks for
    // once it runs (its picker, taking the page over, the app's actors): each once, none the entry
    // already imports.
    expect(JSON.parse(scripts)).toEqual({
      entry: '/assets/index-abc.js',
      preload: ['/assets/chunk-def.js'],
      routes: ['/assets/shared-1.js', '/assets/home-1.js'],
      later: ['/assets/picker-1.js', '/assets/adopt-1.js', '/assets/start-1.js'],
    });
    // Exactly the page's style attribute is allowed, by its hash; nothing inline otherwise.
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/style-src 'self' 'unsafe-hashes' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(policy).not.toContain('unsafe-inline');
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('vary')).toBe('Accept-Encoding, Cookie');
  });

  it('lists a signed-in page the browser draws alone its routes’ code and the app’s, to fetch from the start', async () => {
    const signedIn = { cookie: 'adlane_dashboard_token=abc' };
    const response = await h.app.request('/orders?page=2', { headers: signedIn });
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    const routes = ['/assets/shared-1.js', '/assets/orders-1.js'];
    const later = ['/assets/start-1.js'];
    // In the head, after the app's own chunks; not the drawn page's code to take it over.
    expect(html).toContain(
      `${[...routes, ...later].map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('')}</head>`,
    );
    const scripts =
      /<script type="application\/json" id="adlane-scripts">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(scripts)).toEqual({
      entry: '/assets/index-abc.js',
      preload: ['/assets/chunk-def.js'],
      routes,
      later,
    });
    expect(response.headers.get('content-security-policy')).toMatch(/style-src 'self';/);
    // The same page again is the same answer, revalidated as any other.
    const again = await h.app.request('/orders', {
      headers: { ...signedIn, 'if-none-match': response.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    // Any address gets the app's code at least.
    const other = await (await h.app.request('/somewhere', { headers: signedIn })).text();
    expect(other).toContain('<link rel="modulepreload" crossorigin href="/assets/start-1.js"></head>');
    expect(other).not.toContain('orders-1.js');
  });

  it('lists no more code for a visitor the browser draws a page for (a page that may send them elsewhere)', async () => {
    const html = await (await h.app.request('/orders')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toMatch(/adlane-scripts|start-1\.js|orders-1\.js/);
  });

  it('tells the renderer whether the request carries the sign-in cookie', async () => {
    asked.length = 0;
    await h.app.request('/', { headers: { cookie: 'adlane_dashboard_token=abc' } });
    await h.app.request('/');
    expect(asked.map((a) => a.signedIn)).toEqual([true, false]);
  });

  it('answers a not-found page 404, to HEAD as to GET, and never 304', async () => {
    drawings.set('/no/such/page', async () =>
      page('<h1>Not found</h1>', { href: '/no/such/page', notFound: true }),
    );
    const got = await h.app.request('/no/such/page');
    expect(got.status).toBe(404);
    expect(await got.text()).toContain('<h1>Not found</h1>');
    expect((await h.app.request('/no/such/page', { method: 'HEAD' })).status).toBe(404);
    const again = await h.app.request('/no/such/page', {
      headers: { 'if-none-match': got.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(404);
  });

  it('sends the bare page when drawing fails, declines, or takes too long', async () => {
    drawings.set('/broken', async () => {
      throw new Error('the page blew up');
    });
    drawings.set(
      '/slow',
      () => new Promise((resolve) => setTimeout(() => resolve(page('<h1>Late</h1>')), 5_000)),
    );
    for (const href of ['/broken', '/declined', '/slow']) {
      const response = await h.app.request(href);
      const html = await response.text();
      expect(response.status, href).toBe(200);
      expect(html, href).toContain('<div id="root"></div>');
      expect(html, href).toContain('src="/assets/index-abc.js"');
      expect(response.headers.get('content-security-policy'), href).toMatch(/style-src 'self';/);
    }
  }, 10_000);

  // Issue 31: the back office is the browser's alone; the server never draws it (nor asks the renderer).
  it('never draws a back-office page: /admin answers index.html as built', async () => {
    for (const href of ['/admin', '/admin/login', '/admin/setup?token=abc', '/admin/audit']) {
      drawings.set(href, async () => page('<main>drawn</main>', { href }));
      const before = asked.length;
      const response = await h.app.request(href);
      const html = await response.text();
      expect(response.status, href).toBe(200);
      expect(asked.length, href).toBe(before);
      expect(html, href).toBe(INDEX);
    }
  });
});
