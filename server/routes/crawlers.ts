import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { Placement } from '../catalogue/placement';
import type { ContentPages } from '../content/pages';
import { sitemapXml } from '../content/sitemap';
import type { AppEnv } from '../env';

/** The files search engines read, answered by the server so they know the public origin. */
export const CRAWLER_PATHS = ['/robots.txt', '/sitemap.xml'] as const;

/** What crawlers may fetch: the pages, not the machine endpoints (API, search, content API) or checkout. */
const ROBOTS_RULES = [
  'User-agent: *',
  'Allow: /',
  'Disallow: /api/',
  'Disallow: /checkout/',
  'Disallow: /graphql',
  'Disallow: /1/',
];

export const robotsTxt = (publicUrl: string) =>
  `${ROBOTS_RULES.join('\n')}\n\nSitemap: ${publicUrl}/sitemap.xml\n`;

// Both only change with a deploy or a catalogue reload, so crawlers and caches may keep them an hour.
const CACHE_CONTROL = 'public, max-age=3600';

/** /robots.txt and /sitemap.xml, whether or not this process serves the built SPA. */
export function crawlerRoutes(content: ContentPages) {
  // Built on first request, then again only when the catalogue's placement list is a new one (after
  // CatalogueIndex.reload): checking that is an identity comparison, so a reload is never missed.
  let built: { placements: readonly Placement[]; xml: string } | undefined;

  return new Hono<AppEnv>()
    .get('/robots.txt', (c) => {
      c.header('Cache-Control', CACHE_CONTROL);
      return c.text(robotsTxt(c.var.config.publicUrl));
    })
    .get('/sitemap.xml', compress(), async (c) => {
      const pages = await content();
      const placements = c.var.catalogue.placements;
      if (built?.placements !== placements)
        built = { placements, xml: sitemapXml(c.var.config.publicUrl, pages, placements) };
      c.header('Content-Type', 'application/xml; charset=utf-8');
      c.header('Cache-Control', CACHE_CONTROL);
      return c.body(built.xml);
    });
}
