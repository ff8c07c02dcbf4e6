import { EDDM_PLANNER_PATH } from '../../contract/contentPages';
import type { Media } from '../../contract/media';
import { mediaPath, SECTION_OF_TYPE } from '../../contract/shopPaths';
import type { ContentPage } from './pages';

/** A sitemap entry: a path on the public origin and, where known, the day it last changed. */
interface SitemapUrl {
  path: string;
  lastmod?: string;
}

/** The storefront's own pages: home, the shop and each of its sections, and the every-door planner. */
const SHOP_PAGES: readonly SitemapUrl[] = [
  '/',
  '/shop',
  ...[...new Set(Object.values(SECTION_OF_TYPE))].map((section) => `/shop/${section}`),
  EDDM_PLANNER_PATH,
].map((path) => ({ path }));

/** Apostrophes too: the text goes into elements only, but escaping all five keeps it valid anywhere. */
const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/**
 * The sitemaps.org urlset of every page a search engine should index: the shop, the content pages
 * and each placement's page, as absolute addresses on `publicUrl`. The seed makes about 5,400; the
 * protocol allows 50,000 per file (a server test checks the margin).
 */
export function sitemapXml(
  publicUrl: string,
  content: readonly ContentPage[],
  placements: readonly Pick<Media, 'media_type' | 'mediacode'>[],
): string {
  const urls: SitemapUrl[] = [
    ...SHOP_PAGES,
    ...content,
    ...placements.map((placement) => ({ path: mediaPath(placement) })),
  ];
  const entries = urls.map(({ path, lastmod }) => {
    const modified = lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : '';
    return `<url><loc>${escapeXml(`${publicUrl}${path}`)}</loc>${modified}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
