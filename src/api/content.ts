import type { GraphQLClient, Variables } from 'graphql-request';
import type { ContentMediaType, SpecSheet } from '../../contract/content';
import { config } from '../config';
import {
  ARTICLE,
  DESIGN_HELP,
  MORE_ARTICLES,
  RESOURCE_HUB,
  SPEC_SHEET,
  SPEC_SHEET_LIST,
} from './contentQueries';

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
    // graphql-request needs an absolute URL; the default API host is this page's own origin.
    client: new GraphQLClient(new URL(`${config.apiHost}/graphql`, window.location.origin).href),
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

export type SpecSheetSummary = Pick<SpecSheet, 'slug' | 'title' | 'mediaType' | 'summary' | 'shopPath'>;

/** Every spec sheet matching `search`, in /specs order, following the pages to the end. */
export async function fetchSpecSheets(search: string): Promise<SpecSheetSummary[]> {
  const sheets: SpecSheetSummary[] = [];
  let after: string | null = null;
  do {
    const answer: { specSheets: Connection<SpecSheetSummary> } = await ask(SPEC_SHEET_LIST, {
      search: search || null,
      after,
    });
    sheets.push(...answer.specSheets.nodes);
    after = answer.specSheets.pageInfo.hasNextPage ? answer.specSheets.pageInfo.endCursor : null;
  } while (after);
  return sheets;
}

export const fetchSpecSheet = async (slug: string): Promise<SpecSheet> =>
  (await ask<{ specSheet: SpecSheet }>(SPEC_SHEET, { slug })).specSheet;

export interface CategorySummary {
  slug: string;
  name: string;
  description: string;
  articleCount: number;
}

export interface ArticleCard {
  slug: string;
  title: string;
  summary: string;
  readingMinutes: number;
  publishedAt: string;
  category: { slug: string; name: string };
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

export interface ArticleDetail {
  slug: string;
  title: string;
  summary: string;
  readingMinutes: number;
  publishedAt: string;
  body: { heading: string | null; paragraphs: string[] }[];
  category: {
    slug: string;
    name: string;
    articles: { nodes: { slug: string; title: string; readingMinutes: number }[] };
  };
  relatedSpecSheets: { slug: string; title: string; mediaType: ContentMediaType; summary: string }[];
}

export const fetchArticle = async (slug: string): Promise<ArticleDetail> =>
  (await ask<{ article: ArticleDetail }>(ARTICLE, { slug })).article;

export interface DesignPackageOffer {
  mediacode: string;
  name: string;
  /** Cents. */
  price: number;
  priceFormatted: string;
  includes: string[];
  turnaroundBusinessDays: number;
}

export interface DesignHelpOffer {
  title: string;
  intro: string;
  packages: DesignPackageOffer[];
  steps: { title: string; body: string }[];
  faq: { question: string; answer: string }[];
}

export const fetchDesignHelp = async (): Promise<DesignHelpOffer> =>
  (await ask<{ designHelp: DesignHelpOffer }>(DESIGN_HELP)).designHelp;
