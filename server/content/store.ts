import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type Article,
  type ArticleCategory,
  CONTENT_MEDIA_TYPES,
  type ContentMediaType,
  type DesignHelp,
  type DesignPackage,
  type SpecSheet,
} from '../../contract/content';
import { formatCents } from '../../contract/money';
import type { Db } from '../db/client';
import {
  contentArticleCategories,
  contentArticles,
  contentDocuments,
  contentSpecSheets,
  media,
} from '../db/schema';
import { DESIGN_HELP_KEY } from '../db/seed/content';

export interface CategoryNode extends ArticleCategory {
  articleCount: number;
}

/** A design package with the name and price of its catalogue placement. */
export interface DesignPackageNode extends DesignPackage {
  name: string;
  price: number;
  priceFormatted: string;
}

export interface DesignHelpNode extends Omit<DesignHelp, 'packages'> {
  packages: DesignPackageNode[];
}

const sheetColumns = {
  slug: contentSpecSheets.slug,
  title: contentSpecSheets.title,
  mediaType: contentSpecSheets.mediaType,
  summary: contentSpecSheets.summary,
  sections: contentSpecSheets.sections,
  specs: contentSpecSheets.specs,
  deadlines: contentSpecSheets.deadlines,
  shopPath: contentSpecSheets.shopPath,
  updatedAt: contentSpecSheets.updatedAt,
};

const articleColumns = {
  slug: contentArticles.slug,
  title: contentArticles.title,
  category: contentArticles.category,
  summary: contentArticles.summary,
  readingMinutes: contentArticles.readingMinutes,
  publishedAt: contentArticles.publishedAt,
  body: contentArticles.body,
  relatedMediaTypes: contentArticles.relatedMediaTypes,
};

// The seed is validated against contract/content.ts (tests/unit/content.test.ts), so the text
// column holds one of the media types.
const toSheet = (row: Omit<SpecSheet, 'mediaType'> & { mediaType: string }): SpecSheet => ({
  ...row,
  mediaType: row.mediaType as ContentMediaType,
});

const typeOrder = (sheet: SpecSheet) => CONTENT_MEDIA_TYPES.indexOf(sheet.mediaType);

/**
 * The content pages as the GraphQL resolvers read them, one per request. Lists that several fields
 * of one answer need (every sheet for `relatedSpecSheets`, the categories for `Article.category`,
 * the articles for each category's `articles`) are read once per request, not once per field.
 */
export class ContentStore {
  private sheets: Promise<SpecSheet[]> | undefined;
  private categoryList: Promise<CategoryNode[]> | undefined;
  private articleList: Promise<Article[]> | undefined;

  constructor(private readonly db: Db) {}

  /** Every sheet in /specs order: by media type in the storefront's channel order, then seed order. */
  specSheets(): Promise<SpecSheet[]> {
    this.sheets ??= this.db
      .select(sheetColumns)
      .from(contentSpecSheets)
      .orderBy(asc(contentSpecSheets.position))
      .then((rows) => rows.map(toSheet).sort((a, b) => typeOrder(a) - typeOrder(b)));
    return this.sheets;
  }

  async specSheet(slug: string): Promise<SpecSheet | null> {
    const [row] = await this.db
      .select(sheetColumns)
      .from(contentSpecSheets)
      .where(eq(contentSpecSheets.slug, slug));
    return row ? toSheet(row) : null;
  }

  /** The categories in the hub's order, with how many articles each holds. */
  categories(): Promise<CategoryNode[]> {
    this.categoryList ??= this.db
      .select({
        slug: contentArticleCategories.slug,
        name: contentArticleCategories.name,
        description: contentArticleCategories.description,
        articleCount: sql<number>`count(${contentArticles.slug})::int`,
      })
      .from(contentArticleCategories)
      .leftJoin(contentArticles, eq(contentArticles.category, contentArticleCategories.slug))
      .groupBy(contentArticleCategories.slug)
      .orderBy(asc(contentArticleCategories.position));
    return this.categoryList;
  }

  async category(slug: string): Promise<CategoryNode | null> {
    return (await this.categories()).find((category) => category.slug === slug) ?? null;
  }

  /**
   * Articles newest first (then by slug, so a day's articles keep one order across pages). Every
   * article is read once per request and filtered here: the hub has tens of articles, and a query
   * listing each category's articles would otherwise read the table once per category.
   */
  async articles(filter: { category?: string; mediaType?: ContentMediaType }): Promise<Article[]> {
    this.articleList ??= this.db
      .select(articleColumns)
      .from(contentArticles)
      .orderBy(desc(contentArticles.publishedAt), asc(contentArticles.slug));
    return (await this.articleList).filter(
      (item) =>
        (filter.category === undefined || item.category === filter.category) &&
        (filter.mediaType === undefined || item.relatedMediaTypes.includes(filter.mediaType)),
    );
  }

  async article(slug: string): Promise<Article | null> {
    const [row] = await this.db
      .select(articleColumns)
      .from(contentArticles)
      .where(eq(contentArticles.slug, slug));
    return row ?? null;
  }

  /**
   * The design-help offer, each package priced from its catalogue placement. A package whose
   * placement is missing is a broken seed, not something to hide: it throws (and the client sees an
   * internal error) rather than showing a package with no price. An unpublished one is not on sale
   * (a cart refuses it), so it is left out.
   */
  async designHelp(): Promise<DesignHelpNode> {
    const [row] = await this.db
      .select({ document: contentDocuments.document })
      .from(contentDocuments)
      .where(eq(contentDocuments.key, DESIGN_HELP_KEY));
    // The key holds the offer (syncContent writes it), so a document without packages is as missing.
    if (!row || !('packages' in row.document))
      throw new Error('The design-help offer is not in the database: syncContent has not run.');
    const { packages, ...offer } = row.document;
    const codes = packages.map((item) => item.mediacode);
    const placements = new Map(
      (
        await this.db
          .select({
            mediacode: media.mediacode,
            name: media.name,
            unitPriceCents: media.unitPriceCents,
            published: media.published,
          })
          .from(media)
          .where(inArray(media.mediacode, codes))
      ).map((placement) => [placement.mediacode, placement]),
    );
    return {
      ...offer,
      packages: packages.flatMap((item) => {
        const placement = placements.get(item.mediacode);
        if (!placement)
          throw new Error(`The design package ${item.mediacode} has no placement in the catalogue.`);
        if (!placement.published) return [];
        return {
          ...item,
          name: placement.name,
          price: placement.unitPriceCents,
          priceFormatted: formatCents(placement.unitPriceCents),
        };
      }),
    };
  }
}
