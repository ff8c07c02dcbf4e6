import { sql } from 'drizzle-orm';
import { ARTICLE_CATEGORIES, ARTICLES } from '../../content/articles';
import { DESIGN_HELP } from '../../content/designHelp';
import { SPEC_SHEETS } from '../../content/specSheets';
import type { Db } from '../client';
import { contentArticleCategories, contentArticles, contentDocuments, contentSpecSheets } from '../schema';

export const DESIGN_HELP_KEY = 'design-help';

/** True once the content pages are in the database. */
export async function isContentSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(contentSpecSheets);
  return (row?.count ?? 0) > 0;
}

/**
 * Writes the content pages (spec sheets, the resource hub, the design-help offer) when they are not
 * there yet. It is checked apart from the catalogue's `isSeeded`, so a database seeded before the
 * content existed gets it on its next start. One transaction: a start that fails half-way leaves no
 * half-seeded content that would then be taken as seeded.
 */
export async function seedContent(
  db: Db,
): Promise<{ specSheets: number; categories: number; articles: number } | null> {
  if (await isContentSeeded(db)) return null;
  // Replicas starting together on one PostgreSQL may both get here: the second one's rows are
  // already there, which is not an error.
  await db.transaction(async (tx) => {
    await tx
      .insert(contentSpecSheets)
      .values(SPEC_SHEETS.map((sheet, position) => ({ ...sheet, position })))
      .onConflictDoNothing();
    await tx
      .insert(contentArticleCategories)
      .values(ARTICLE_CATEGORIES.map((category, position) => ({ ...category, position })))
      .onConflictDoNothing();
    await tx
      .insert(contentArticles)
      .values(ARTICLES.map((item, position) => ({ ...item, position })))
      .onConflictDoNothing();
    await tx
      .insert(contentDocuments)
      .values({ key: DESIGN_HELP_KEY, document: DESIGN_HELP })
      .onConflictDoNothing();
  });
  return { specSheets: SPEC_SHEETS.length, categories: ARTICLE_CATEGORIES.length, articles: ARTICLES.length };
}
