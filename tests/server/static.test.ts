import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStaticSite } from '../../server/static/site';
import { DRIVERS, type Harness } from './harness';

/**
 * A small built site: index.html, a hashed asset with its precompressed copy, and the robots.txt an
 * older build shipped (public/robots.txt), which the server's own must win over.
 */
function fixtureSite() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'adlane-site-'));
  mkdirSync(path.join(dir, 'assets'));
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Adlane</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), js);
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(js));
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  return loadStaticSite(dir);
}

const [, openPglite] = DRIVERS[0] ?? [];

describe('serving the built SPA', () => {
  let h: Harness;
  beforeAll(async () => {
    if (!openPglite) throw new Error('No PGlite driver');
    h = await openPglite({ site: fixtureSite() });
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers app paths with index.html, not cached, with security headers', async () => {
    for (const route of ['/', '/shop/magazines', '/ads/direct-mail/?m=eddm', '/login']) {
      const response = await h.app.request(route);
      expect(response.status, route).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('never answers API, search, crawler files or missing assets with index.html', async () => {
    const api = await h.app.request('/api/v1/does-not-exist');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ success: false });
    // A search API path the embedded search does not serve (it answers /1/indexes only).
    const search = await h.app.request('/1/keys');
    expect(search.status).toBe(404);
    expect(await search.json()).toMatchObject({ status: 404 });
    // The server's own robots.txt, not the one the site shipped (which disallows everything).
    const robots = await h.app.request('/robots.txt');
    expect(await robots.text()).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /checkout/',
        'Disallow: /graphql',
        'Disallow: /1/',
        '',
        'Sitemap: http://localhost:3000/sitemap.xml',
        '',
      ].join('\n'),
    );
    const sitemap = await h.app.request('/sitemap.xml');
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await sitemap.text()).not.toContain('<div id="root">');
    const missing = await h.app.request('/assets/index-zzz999.js');
    expect(missing.status).toBe(404);
    const missingImage = await h.app.request('/images/nope.svg');
    expect(missingImage.status).toBe(404);
    for (const bare of ['/api', '/1']) {
      const response = await h.app.request(bare);
      expect(await response.text(), bare).not.toContain('<div id="root">');
    }
    // A path that does not decode is still a page path: the SPA answers it (and shows its not-found page).
    const badEncoding = await h.app.request('/%E0%A4%A');
    expect(badEncoding.status).toBe(200);
    expect(await badEncoding.text()).toContain('<div id="root">');
  });

  it('serves hashed assets compressed and cacheable for a year, and revalidates with ETags', async () => {
    const response = await h.app.request('/assets/index-abc123.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toContain('text/javascript');
    const etag = response.headers.get('etag') ?? '';
    const again = await h.app.request('/assets/index-abc123.js', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    const plain = await h.app.request('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).length).toBeGreaterThan(4000);
  });

  it('compresses API answers for clients that accept it', async () => {
    const response = await h.app.request('/api/v1/media/search?per_page=50', {
      method: 'POST',
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
