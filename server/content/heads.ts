import { designHelpPath, HUB_PAGE, specsPage } from '../../contract/contentPages';
import type { Db } from '../db/client';
import { ContentStore } from './store';

/**
 * The <title> and description of the content pages, written into index.html by the server so that
 * crawlers which do not run the SPA's JavaScript see them too. They say what the SPA's PageMeta says
 * once it runs (src/features/content/).
 */

export interface PageHead {
  title: string;
  description: string;
}

/** A path without its trailing slash, the way the heads are keyed. */
const pathKey = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Every content page's head by path (and the hub's categories by `?category=`). */
async function loadHeads(db: Db, productName: string): Promise<Map<string, PageHead>> {
  const store = new ContentStore(db);
  const [sheets, categories, articles, offer] = await Promise.all([
    store.specSheets(),
    store.categories(),
    store.articles({}),
    store.designHelp(),
  ]);
  const heads = new Map<string, PageHead>([
    ['/specs', { title: specsPage(productName).title, description: specsPage(productName).intro }],
    ['/info/resources', { title: HUB_PAGE.title, description: HUB_PAGE.intro }],
    [pathKey(designHelpPath(productName)), { title: offer.title, description: offer.summary }],
  ]);
  for (const sheet of sheets)
    heads.set(`/specs/${sheet.slug}`, { title: sheet.title, description: sheet.summary });
  for (const item of articles)
    heads.set(`/info/resources/${item.slug}`, { title: item.title, description: item.summary });
  for (const category of categories)
    heads.set(`/info/resources?category=${category.slug}`, {
      title: `${category.name} · ${HUB_PAGE.title}`,
      description: category.description,
    });
  return heads;
}

/** Finds a page's head: the key it is cached under and the head, or null for every other page. */
export type HeadLookup = (
  path: string,
  category: string | undefined,
) => Promise<{ key: string; head: PageHead } | null>;

/**
 * A lookup over the heads, read from the database on first use and kept: content only changes with
 * a deploy, and syncContent has written it before the server starts. If they cannot be read the pages keep index.html's default head rather than failing.
 */
export function contentHeads(db: Db, productName: string): HeadLookup {
  let heads: Promise<Map<string, PageHead>> | undefined;
  return async (path, category) => {
    heads ??= loadHeads(db, productName).catch((error: unknown) => {
      console.error('The content pages keep the default head: their heads could not be read.', error);
      heads = undefined;
      return new Map();
    });
    const base = pathKey(path);
    const key = base === '/info/resources' && category ? `${base}?category=${category}` : base;
    const head = (await heads).get(key);
    return head ? { key, head } : null;
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;

/** index.html with a page's title ("Title · Product", as PageMeta writes it) and description. */
export function withHead(html: string, head: PageHead, productName: string): string {
  const title = `<title>${escapeHtml(`${head.title} · ${productName}`)}</title>`;
  const description = `<meta name="description" content="${escapeHtml(head.description)}" />`;
  const titled = TITLE.test(html)
    ? html.replace(TITLE, () => title)
    : html.replace('</head>', () => `${title}</head>`);
  return DESCRIPTION.test(titled)
    ? titled.replace(DESCRIPTION, () => description)
    : titled.replace('</head>', () => `${description}</head>`);
}
