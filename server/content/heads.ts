import type { Logger } from '../log';
import type { ContentPage, ContentPages } from './pages';

/**
 * The heads of the content pages, written into index.html by the server so that crawlers and link
 * previews, which do not run the SPA's JavaScript, see them too: the <title> and description the
 * SPA's PageMeta writes once it runs (src/features/content/), the canonical address, and the Open
 * Graph tags a shared link is previewed from.
 */

/** A path without its trailing slash, the way the heads are keyed. */
const pathKey = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Finds a page's head: the key it is cached under and the page, or null for every other page. */
export type HeadLookup = (
  path: string,
  category: string | undefined,
) => Promise<{ key: string; page: ContentPage } | null>;

/**
 * A lookup over the content pages by path (and the hub's categories by `?category=`). If they
 * cannot be read the pages keep index.html's default head rather than failing; the next request
 * tries again.
 */
export function contentHeads(pages: ContentPages, log: Logger): HeadLookup {
  let byKey: Promise<Map<string, ContentPage>> | undefined;
  return async (path, category) => {
    byKey ??= pages().then(
      (list) => new Map(list.map((page) => [pathKey(page.path), page])),
      (error: unknown) => {
        log.error({ err: error }, 'The content pages keep the default head: their heads could not be read.');
        byKey = undefined;
        return new Map();
      },
    );
    const base = pathKey(path);
    const key = base === '/info/resources' && category ? `${base}?category=${category}` : base;
    const page = (await byKey).get(key);
    return page ? { key, page } : null;
  };
}

/** Text safe inside an HTML element or a double-quoted attribute. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;
// The tags written below. index.html has none, but should it gain a default one, a page must still
// say each once: two canonicals leave the choice to the search engine.
const PREVIEW_TAGS =
  /<link\s+rel="canonical"[^>]*>|<meta\s+property="og:(?:title|description|type|url|site_name)"[^>]*>/g;

/** What the head says beyond the page: the brand and the origin its addresses are on. */
export interface HeadSite {
  productName: string;
  /** The public origin, without a trailing slash (config.publicUrl). */
  publicUrl: string;
}

const meta = (property: string, content: string) =>
  `<meta property="${property}" content="${escapeHtml(content)}" />`;

/**
 * index.html with a page's title ("Title · Product", as PageMeta writes it), description, canonical
 * address and Open Graph tags. og:title is the page's own title: previews show the brand apart, from
 * og:site_name.
 */
export function withHead(html: string, page: ContentPage, site: HeadSite): string {
  const title = `<title>${escapeHtml(`${page.title} · ${site.productName}`)}</title>`;
  const description = `<meta name="description" content="${escapeHtml(page.description)}" />`;
  const url = `${site.publicUrl}${page.path}`;
  const previews = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('og:type', page.type),
    meta('og:title', page.title),
    meta('og:description', page.description),
    meta('og:url', url),
    meta('og:site_name', site.productName),
  ].join('');
  const titled = TITLE.test(html)
    ? html.replace(TITLE, () => title)
    : html.replace('</head>', () => `${title}</head>`);
  const described = DESCRIPTION.test(titled)
    ? titled.replace(DESCRIPTION, () => description)
    : titled.replace('</head>', () => `${description}</head>`);
  return described.replace(PREVIEW_TAGS, '').replace('</head>', () => `${previews}</head>`);
}
