import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_CATEGORIES, ARTICLES } from '../../server/content/articles';
import { sitemapXml } from '../../server/content/sitemap';
import { SPEC_SHEETS } from '../../server/content/specSheets';
import { media } from '../../server/db/schema';
import { DRIVERS, type Harness } from './harness';

const ORIGIN = 'https://www.adlane.example';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const URLSET = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
/** One entry as the sitemap writes it: a loc of escaped text (no raw < or &), an optional day. */
const URL_LINE =
  /^<url><loc>(?:[^<>&]|&(?:amp|lt|gt|quot|apos);)+<\/loc>(?:<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>)?<\/url>$/;

/** The shop's section of each media type, as the SPA's routes name them (SPEC section 3). */
const SHOP_SECTION: Record<string, string> = {
  printmag: 'magazines',
  digital: 'websites',
  tv: 'tv',
  ctv: 'ctv',
  dooh: 'out-of-home',
  abdm: 'direct-mail',
  eddm: 'every-door-direct-mail',
  email: 'email',
  custom: 'design',
};

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The sitemap's entries by address, after checking every line has the protocol's shape. */
function readSitemap(xml: string): Map<string, string | undefined> {
  const lines = xml.split('\n');
  expect(lines.slice(0, 2)).toEqual([XML_DECLARATION, URLSET]);
  expect(lines.slice(-2)).toEqual(['</urlset>', '']);
  const entries = new Map<string, string | undefined>();
  for (const line of lines.slice(2, -2)) {
    expect(line).toMatch(URL_LINE);
    const loc = unescapeXml(/<loc>(.*)<\/loc>/.exec(line)?.[1] ?? '');
    expect(entries.has(loc), `${loc} is listed once`).toBe(false);
    entries.set(loc, /<lastmod>(.*)<\/lastmod>/.exec(line)?.[1]);
  }
  return entries;
}

describe.each(DRIVERS)('robots.txt and the sitemap on %s', (_name, open) => {
  let h: Harness;
  beforeAll(async () => {
    // No built site: crawlers get both from an API-only process too. The trailing slash is dropped.
    h = await open({ env: { PUBLIC_URL: `${ORIGIN}/` } });
  });
  afterAll(async () => {
    await h.close();
  });

  const sitemap = async () => {
    const response = await h.app.request('/sitemap.xml');
    expect(response.status).toBe(200);
    return readSitemap(await response.text());
  };

  it('serves robots.txt: the pages allowed, machine endpoints and checkout not, and the sitemap', async () => {
    const response = await h.app.request('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const lines = (await response.text()).split('\n');
    const values = (directive: string) =>
      lines
        .filter((line) => line.startsWith(`${directive}: `))
        .map((line) => line.slice(directive.length + 2));
    expect(lines[0]).toBe('User-agent: *');
    expect(values('Allow')).toEqual(['/']);
    expect(values('Disallow').sort()).toEqual(['/1/', '/api/', '/checkout/', '/graphql']);
    expect(values('Sitemap')).toEqual([`${ORIGIN}/sitemap.xml`]);
    expect(
      lines.every((line) => line === '' || /^(User-agent|Allow|Disallow|Sitemap): \S+$/.test(line)),
    ).toBe(true);
  });

  it('lists the shop, every content page and every placement, on the public origin', async () => {
    const response = await h.app.request('/sitemap.xml');
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const body = await response.text();
    const entries = readSitemap(body);

    const sections = Object.values(SHOP_SECTION).map((section) => `/shop/${section}`);
    const shop = ['/', '/shop', ...sections, '/ads/direct-mail/?m=eddm'];
    const content = new Map<string, string | undefined>([
      ['/specs', undefined],
      ...SPEC_SHEETS.map((sheet): [string, string] => [`/specs/${sheet.slug}`, sheet.updatedAt]),
      ['/info/resources', undefined],
      ...ARTICLE_CATEGORIES.map((category): [string, undefined] => [
        `/info/resources?category=${category.slug}`,
        undefined,
      ]),
      ...ARTICLES.map((item): [string, string] => [`/info/resources/${item.slug}`, item.publishedAt]),
      ['/info/ad-design-on-adlane/', undefined],
    ]);
    const placements = h.catalogue.placements.map(
      (item) => `/shop/${SHOP_SECTION[item.media_type]}/${item.mediacode}`,
    );
    expect(placements).toHaveLength(5382); // every placement of the seed
    expect(placements).toEqual(expect.arrayContaining(['/shop/tv/TV508-01', '/shop/magazines/PM503-04']));

    const expected = new Map<string, string | undefined>([
      ...shop.map((path): [string, undefined] => [`${ORIGIN}${path}`, undefined]),
      ...[...content].map(([path, day]): [string, string | undefined] => [`${ORIGIN}${path}`, day]),
      ...placements.map((path): [string, undefined] => [`${ORIGIN}${path}`, undefined]),
    ]);
    expect(entries).toEqual(expected);
    expect(entries.has(`${ORIGIN}/info/ad-design-on-adlane/`)).toBe(true);
    // The protocol's limits for one file: 50,000 addresses and 50 MB.
    expect(entries.size).toBeLessThan(50_000);
    expect(Buffer.byteLength(body)).toBeLessThan(50 * 1024 * 1024);
  });

  it('is gzipped for crawlers that accept it', async () => {
    const response = await h.app.request('/sitemap.xml', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const xml = gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8');
    expect(xml.startsWith(XML_DECLARATION)).toBe(true);
  });

  it('follows the catalogue: a placement added to the table is listed once the catalogue reloads', async () => {
    const added = `${ORIGIN}/shop/tv/TV999-77`;
    expect((await sitemap()).has(added)).toBe(false);
    // A copy of a seeded station under a new code: the sitemap only needs it to be a placement.
    const [station] = await h.database.db.select().from(media).where(eq(media.mediaType, 'tv')).limit(1);
    if (!station) throw new Error('No TV placement in the seed');
    await h.database.db.insert(media).values({ ...station, mediacode: 'TV999-77' });
    // The table changed but the read model did not: the sitemap says what the shop shows.
    expect((await sitemap()).has(added)).toBe(false);
    await h.catalogue.reload();
    expect((await sitemap()).has(added)).toBe(true);
  });
});

describe('the sitemap XML', () => {
  it('escapes what XML reserves in addresses and days', () => {
    const xml = sitemapXml(
      'https://shop.example',
      [{ path: `/info/resources?category=a&b<c>"d'`, title: 'T', description: 'D', type: 'website' }],
      [],
    );
    expect(xml).toContain(
      '<loc>https://shop.example/info/resources?category=a&amp;b&lt;c&gt;&quot;d&apos;</loc>',
    );
    expect(readSitemap(xml).has(`https://shop.example/info/resources?category=a&b<c>"d'`)).toBe(true);
  });
});
