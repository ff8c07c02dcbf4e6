import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ARTICLE_CATEGORIES, ARTICLES } from '../../content/articles';
import { DESIGN_HELP } from '../../content/designHelp';
import { SPEC_SHEETS } from '../../content/specSheets';
import type { Db } from '../client';
import { contentArticleCategories, contentArticles, contentDocuments, contentSpecSheets } from '../schema';

export const DESIGN_HELP_KEY = 'design-help';
/** The content document holding the hash of the seed the content rows were written from. */
export const CONTENT_VERSION_KEY = 'content-version';

/**
 * The sha256 of the seed files' content. JSON.stringify keeps the objects' key order, which is the
 * order they are written in, so the hash changes exactly when the content does.
 */
export const contentHash = (): string =>
  createHash('sha256')
    .update(JSON.stringify({ SPEC_SHEETS, ARTICLE_CATEGORIES, ARTICLES, DESIGN_HELP }))
    .digest('hex');

/** The hash of the seed the stored content was written from, or null before any sync. */
async function storedHash(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ document: contentDocuments.document })
    .from(contentDocuments)
    .where(eq(contentDocuments.key, CONTENT_VERSION_KEY));
  return row && 'sha256' in row.document ? row.document.sha256 : null;
}

export interface ContentCounts {
  specSheets: number;
  categories: number;
  articles: number;
}

/**
 * Makes the stored content pages (spec sheets, the resource hub, the design-help offer) the seed in
 * server/content/, on every start. Content is authored in the repository and changes with a deploy,
 * so a fixed price or sentence must reach a database that already holds the old one. When the
 * stored hash is the seed's, this is one cheap query and writes nothing; otherwise every content row
 * is replaced, so slugs taken out of the seed disappear too. Returns what it wrote, or null.
 */
export async function syncContent(db: Db): Promise<ContentCounts | null> {
  const hash = contentHash();
  if ((await storedHash(db)) === hash) return null;
  // One transaction: a start that fails half-way leaves the old content and hash, not a mix.
  return db.transaction(async (tx) => {
    // Replicas starting together on one PostgreSQL: the second waits here for the first to commit,
    // then finds the new hash (read committed reads it) and writes nothing.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${CONTENT_VERSION_KEY}))`);
    if ((await storedHash(tx)) === hash) return null;
    // Articles first: they refer to their categories.
    await tx.delete(contentArticles);
    await tx.delete(contentArticleCategories);
    await tx.delete(contentSpecSheets);
    await tx.delete(contentDocuments);
    await tx.insert(contentSpecSheets).values(SPEC_SHEETS.map((sheet, position) => ({ ...sheet, position })));
    await tx
      .insert(contentArticleCategories)
      .values(ARTICLE_CATEGORIES.map((category, position) => ({ ...category, position })));
    await tx.insert(contentArticles).values(ARTICLES.map((item, position) => ({ ...item, position })));
    await tx.insert(contentDocuments).values([
      { key: DESIGN_HELP_KEY, document: DESIGN_HELP },
      { key: CONTENT_VERSION_KEY, document: { sha256: hash } },
    ]);
    return {
      specSheets: SPEC_SHEETS.length,
      categories: ARTICLE_CATEGORIES.length,
      articles: ARTICLES.length,
    };
  });
}
