import { designHelpPath, HUB_PAGE, specsPage } from '../../contract/contentPages';
import type { Db } from '../db/client';
import { ContentStore } from './store';

/**
 * The content pages as crawlers see them, read from the database once: the page heads
 * (server/content/heads.ts) and the sitemap (server/content/sitemap.ts) both come from this one list,
 * so a page that has a head is also in the sitemap, under the same address.
 */

export interface ContentPage {
  title: string;
  /** What search results and link previews show under the title. */
  description: string;
  /** The path the SPA links it by: the design page with its trailing slash, hub categories with `?category=`. */
  path: string;
  /** Link previews show the hub's articles as articles; every other page is a website page. */
  type: 'article' | 'website';
  /** The day it last changed (YYYY-MM-DD), where the content records one. */
  lastmod?: string;
}

/** Every content page, in the order the sitemap lists them. */
async function loadContentPages(db: Db, productName: string): Promise<ContentPage[]> {
  const store = new ContentStore(db);
  const [sheets, categories, articles, offer] = await Promise.all([
    store.specSheets(),
    store.categories(),
    store.articles({}),
    store.designHelp(),
  ]);
  const specs = specsPage(productName);
  return [
    { path: '/specs', title: specs.title, description: specs.intro, type: 'website' },
    ...sheets.map(
      (sheet): ContentPage => ({
        path: `/specs/${sheet.slug}`,
        title: sheet.title,
        description: sheet.summary,
        type: 'website',
        lastmod: sheet.updatedAt,
      }),
    ),
    { path: '/info/resources', title: HUB_PAGE.title, description: HUB_PAGE.intro, type: 'website' },
    ...categories.map(
      (category): ContentPage => ({
        path: `/info/resources?category=${category.slug}`,
        title: `${category.name} · ${HUB_PAGE.title}`,
        description: category.description,
        type: 'website',
      }),
    ),
    ...articles.map(
      (item): ContentPage => ({
        path: `/info/resources/${item.slug}`,
        title: item.title,
        description: item.summary,
        type: 'article',
        lastmod: item.publishedAt,
      }),
    ),
    { path: designHelpPath(productName), title: offer.title, description: offer.summary, type: 'website' },
  ];
}

export type ContentPages = () => Promise<ContentPage[]>;

/**
 * The content pages, read on first use and kept: content only changes with a deploy, and
 * syncContent has written it before the server starts. A failed read is not kept, so the next
 * caller tries again (the database may have been briefly out of reach).
 */
export function contentPages(db: Db, productName: string): ContentPages {
  let pages: Promise<ContentPage[]> | undefined;
  return () => {
    pages ??= loadContentPages(db, productName).catch((error: unknown) => {
      pages = undefined;
      throw error;
    });
    return pages;
  };
}
