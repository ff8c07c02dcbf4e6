import type { GraphQLClient, Variables } from 'graphql-request';
import type { Article, ArticleCategory, DesignHelp, DesignPackage, SpecSheet } from '../../contract/content';
import { config } from '../config';
import {
  ARTICLE,
  DESIGN_HELP,
  MORE_ARTICLES,
  RESOURCE_HUB,
  SPEC_SHEET,
  SPEC_SHEET_LIST,
} from './contentQueries';
import { apiFetch } from './transport';

/** The content API (/graphql on the API host) answered that nothing has this slug. */
export class ContentNotFound extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentNotFound';
  }
}

const UNAVAILABLE = 'We couldn’t load this page’s content. Check your connection and try again.';

/**
 * The client, with graphql-request (and the GraphQL parser it uses) fetched on the first content
 * query: route loaders live in the first bundle, and the home page should not carry a GraphQL client.
 */
let loading:
  | Promise<{ client: GraphQLClient; ClientError: typeof import('graphql-request').ClientError }>
  | undefined;
const contentClient = () => {
  loading ??= import('graphql-request').then(({ GraphQLClient, ClientError }) => ({
    // graphql-request needs an absolute URL; the default API host is this page's own origin (a
    // server render's calls go to the API in its own process, whatever the origin).
    client: new GraphQLClient(
      new URL(`${config.apiHost}/graphql`, globalThis.location?.origin ?? 'http://localhost').href,
      {
        fetch: apiFetch,
      },
    ),
    ClientError,
  }));
  // A failed download is not kept: Try again downloads it again.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
};

/** One query: its data, ContentNotFound for an unknown slug, or an error a person can read. */
async function ask<T>(query: string, variables?: Variables): Promise<T> {
  let ClientError: typeof import('graphql-request').ClientError | undefined;
  try {
    const loaded = await contentClient();
    ClientError = loaded.ClientError;
    return await loaded.client.request<T>(query, variables);
  } catch (error) {
    const errors = ClientError && error instanceof ClientError ? (error.response.errors ?? []) : [];
    const notFound = errors.find((e) => e.extensions?.code === 'NOT_FOUND');
    if (notFound) throw new ContentNotFound(notFound.message);
    console.error('Error fetching content:', error);
    throw new Error(UNAVAILABLE, { cause: error });
  }
}

interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface Connection<T> {
  nodes: T[];
  totalCount: number;
  pageInfo: PageInfo;
}

/** Every spec sheet, in /specs order, following the pages to the end. */
export async function fetchSpecSheets(): Promise<SpecSheet[]> {
  const sheets: SpecSheet[] = [];
  let after: string | null = null;
  do {
    const answer: { specSheets: Connection<SpecSheet> } = await ask(SPEC_SHEET_LIST, { after });
    sheets.push(...answer.specSheets.nodes);
    after = answer.specSheets.pageInfo.hasNextPage ? answer.specSheets.pageInfo.endCursor : null;
  } while (after);
  return sheets;
}

export const fetchSpecSheet = async (slug: string): Promise<SpecSheet> =>
  (await ask<{ specSheet: SpecSheet }>(SPEC_SHEET, { slug })).specSheet;

// The shapes below are what the queries of ./contentQueries ask for, built from the contract's types.

export interface CategorySummary extends ArticleCategory {
  articleCount: number;
}

type CategoryRef = Pick<ArticleCategory, 'slug' | 'name'>;

export interface ArticleCard
  extends Pick<Article, 'slug' | 'title' | 'summary' | 'readingMinutes' | 'publishedAt'> {
  category: CategoryRef;
}

export interface ResourceHub {
  categories: CategorySummary[];
  articles: Connection<ArticleCard>;
}

/** Articles shown per page of the hub; "Show more" asks for the next page. */
export const ARTICLES_PER_PAGE = 9;

export async function fetchResourceHub(category: string | undefined): Promise<ResourceHub> {
  const answer = await ask<{ articleCategories: CategorySummary[]; articles: Connection<ArticleCard> }>(
    RESOURCE_HUB,
    { category: category ?? null, first: ARTICLES_PER_PAGE },
  );
  return { categories: answer.articleCategories, articles: answer.articles };
}

export const fetchMoreArticles = async (
  category: string | undefined,
  after: string,
): Promise<Connection<ArticleCard>> =>
  (
    await ask<{ articles: Connection<ArticleCard> }>(MORE_ARTICLES, {
      category: category ?? null,
      first: ARTICLES_PER_PAGE,
      after,
    })
  ).articles;

export interface ArticleDetail extends Omit<ArticleCard, 'category'> {
  /** GraphQL answers a missing heading as null. */
  body: { heading: string | null; paragraphs: string[] }[];
  category: CategoryRef & {
    articles: { nodes: Pick<Article, 'slug' | 'title' | 'readingMinutes'>[] };
  };
  relatedSpecSheets: Pick<SpecSheet, 'slug' | 'title' | 'mediaType' | 'summary'>[];
}

export const fetchArticle = async (slug: string): Promise<ArticleDetail> =>
  (await ask<{ article: ArticleDetail }>(ARTICLE, { slug })).article;

/** A design package with the name and price (in cents) of its catalogue placement. */
export interface DesignPackageOffer extends DesignPackage {
  name: string;
  price: number;
  priceFormatted: string;
}

export interface DesignHelpOffer extends Omit<DesignHelp, 'packages'> {
  packages: DesignPackageOffer[];
}

export const fetchDesignHelp = async (): Promise<DesignHelpOffer> =>
  (await ask<{ designHelp: DesignHelpOffer }>(DESIGN_HELP)).designHelp;
