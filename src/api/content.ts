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
import type { Result } from './result';
import { apiFetch } from './transport';

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

/**
 * One query: its data, or the content API's refusal. GraphQL's own code says what went wrong, not the
 * status: NOT_FOUND (an unknown slug, answered with a 200) is a 404; any other error is the content
 * API's failure, a 502, whatever status carried it (a host without /graphql is not an unknown slug).
 * Throws only when the API could not be reached or the client's code could not be fetched.
 */
async function ask<T>(query: string, variables?: Variables): Promise<Result<T>> {
  const { client, ClientError } = await contentClient();
  try {
    return { ok: true, data: await client.request<T>(query, variables), message: '' };
  } catch (error) {
    if (!(error instanceof ClientError)) throw error;
    const errors = error.response.errors ?? [];
    const notFound = errors.find((e) => e.extensions?.code === 'NOT_FOUND');
    const message = (notFound ?? errors[0])?.message ?? '';
    return { ok: false, message, fieldErrors: {}, status: notFound ? 404 : 502 };
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
export async function fetchSpecSheets(): Promise<Result<SpecSheet[]>> {
  const sheets: SpecSheet[] = [];
  let after: string | null = null;
  do {
    const answer: Result<{ specSheets: Connection<SpecSheet> }> = await ask(SPEC_SHEET_LIST, { after });
    if (!answer.ok) return answer;
    const { nodes, pageInfo }: Connection<SpecSheet> = answer.data.specSheets;
    sheets.push(...nodes);
    after = pageInfo.hasNextPage ? pageInfo.endCursor : null;
  } while (after);
  return { ok: true, data: sheets, message: '' };
}

export const fetchSpecSheet = (slug: string) => ask<{ specSheet: SpecSheet }>(SPEC_SHEET, { slug });

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

export const fetchResourceHub = (category: string | undefined) =>
  ask<{ articleCategories: CategorySummary[]; articles: Connection<ArticleCard> }>(RESOURCE_HUB, {
    category: category ?? null,
    first: ARTICLES_PER_PAGE,
  });

export const fetchMoreArticles = (category: string | undefined, after: string) =>
  ask<{ articles: Connection<ArticleCard> }>(MORE_ARTICLES, {
    category: category ?? null,
    first: ARTICLES_PER_PAGE,
    after,
  });

export interface ArticleDetail extends Omit<ArticleCard, 'category'> {
  /** GraphQL answers a missing heading as null. */
  body: { heading: string | null; paragraphs: string[] }[];
  category: CategoryRef & {
    articles: { nodes: Pick<Article, 'slug' | 'title' | 'readingMinutes'>[] };
  };
  relatedSpecSheets: Pick<SpecSheet, 'slug' | 'title' | 'mediaType' | 'summary'>[];
}

export const fetchArticle = (slug: string) => ask<{ article: ArticleDetail }>(ARTICLE, { slug });

/** A design package with the name and price (in cents) of its catalogue placement. */
export interface DesignPackageOffer extends DesignPackage {
  name: string;
  price: number;
  priceFormatted: string;
}

export interface DesignHelpOffer extends Omit<DesignHelp, 'packages'> {
  packages: DesignPackageOffer[];
}

export const fetchDesignHelp = () => ask<{ designHelp: DesignHelpOffer }>(DESIGN_HELP);
