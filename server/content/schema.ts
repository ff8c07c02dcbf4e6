import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLOutputType,
  GraphQLSchema,
  GraphQLString,
} from 'graphql';
import {
  type Article,
  type ArticleSection,
  CONTENT_MEDIA_TYPES,
  type ContentMediaType,
  type SpecSheet,
} from '../../contract/content';
import { specSheetMatches } from '../../contract/contentPages';
import { clientError, notFound } from './errors';
import { type Page, type PageArgs, paginate } from './pagination';
import type { CategoryNode, ContentStore, DesignHelpNode, DesignPackageNode } from './store';

/**
 * The content API, code first. It must print exactly contract/content.graphql (the SPA's queries are
 * checked against that file), so descriptions and defaults here are copied from it word for word.
 */

export interface ContentContext {
  store: ContentStore;
}

const nonNull = <T extends GraphQLOutputType>(type: T) => new GraphQLNonNull(type);
const listOf = <T extends GraphQLOutputType>(type: T) => nonNull(new GraphQLList(nonNull(type)));
const string = nonNull(GraphQLString);
const int = nonNull(GraphQLInt);
const ymd = { type: string, description: 'YYYY-MM-DD' };
const oneSentence = { type: string, description: 'One sentence.' };

const MediaType = new GraphQLEnumType({
  name: 'MediaType',
  description: 'The channels content talks about: the media types, with online split into google and gt.',
  values: Object.fromEntries(CONTENT_MEDIA_TYPES.map((type) => [type, { value: type }])),
});

const PageInfo = new GraphQLObjectType<Page<unknown>['pageInfo'], ContentContext>({
  name: 'PageInfo',
  description:
    'Where a page of a list ends. `endCursor` is passed as `after` to get the next page; `first` is\n1 to 50.',
  fields: { hasNextPage: { type: nonNull(GraphQLBoolean) }, endCursor: { type: GraphQLString } },
});

/** A `...Connection` type: one page of `node`s. */
const connectionOf = (name: string, node: GraphQLObjectType) =>
  new GraphQLObjectType<Page<unknown>, ContentContext>({
    name,
    fields: {
      nodes: { type: listOf(node) },
      totalCount: { type: int },
      pageInfo: { type: nonNull(PageInfo) },
    },
  });

const pageArgs = (first: number) => ({
  first: { type: GraphQLInt, defaultValue: first },
  after: { type: GraphQLString },
});

const SpecSection = new GraphQLObjectType<SpecSheet['sections'][number]>({
  name: 'SpecSection',
  fields: {
    heading: { type: string },
    body: {
      type: string,
      description: 'Paragraphs separated by blank lines; a line starting with "- " is a bullet.',
    },
  },
});
const SpecItem = new GraphQLObjectType({
  name: 'SpecItem',
  fields: { label: { type: string }, value: { type: string } },
});
const Deadline = new GraphQLObjectType({
  name: 'Deadline',
  fields: { label: { type: string }, rule: { type: string } },
});

const SpecSheetType = new GraphQLObjectType<SpecSheet, ContentContext>({
  name: 'SpecSheet',
  description: 'What a kind of placement needs from the advertiser, and by when.',
  fields: {
    slug: { type: string },
    title: { type: string },
    mediaType: { type: nonNull(MediaType) },
    summary: oneSentence,
    sections: { type: listOf(SpecSection) },
    specs: {
      type: listOf(SpecItem),
      description: 'Dimensions, file formats, colour, bleed, resolution, file size, copy limits.',
    },
    deadlines: {
      type: listOf(Deadline),
      description: 'Each rule is relative to the issue, flight, drop or send date.',
    },
    shopPath: {
      type: string,
      description: 'Where to buy it: /shop/{section} or the every-door mail planner.',
    },
    updatedAt: ymd,
  },
});
const SpecSheetConnection = connectionOf('SpecSheetConnection', SpecSheetType);

const ArticleSectionType = new GraphQLObjectType<ArticleSection>({
  name: 'ArticleSection',
  fields: { heading: { type: GraphQLString }, paragraphs: { type: listOf(GraphQLString) } },
});

// Article and ArticleCategory refer to each other, so their fields are thunks.
const ArticleType: GraphQLObjectType = new GraphQLObjectType<Article, ContentContext>({
  name: 'Article',
  fields: () => ({
    slug: { type: string },
    title: { type: string },
    category: {
      type: nonNull(ArticleCategoryType),
      resolve: async (article, _args, { store }) => {
        const category = await store.category(article.category);
        if (!category) throw new Error(`The article ${article.slug} is in a missing category.`);
        return category;
      },
    },
    summary: oneSentence,
    readingMinutes: { type: int },
    publishedAt: ymd,
    body: { type: listOf(ArticleSectionType) },
    relatedMediaTypes: { type: listOf(MediaType) },
    relatedSpecSheets: {
      type: listOf(SpecSheetType),
      description: 'The spec sheets of the related media types, in /specs order.',
      resolve: async (article, _args, { store }) =>
        (await store.specSheets()).filter((sheet) => article.relatedMediaTypes.includes(sheet.mediaType)),
    },
  }),
});
const ArticleConnection = connectionOf('ArticleConnection', ArticleType);

const ArticleCategoryType: GraphQLObjectType = new GraphQLObjectType<CategoryNode, ContentContext>({
  name: 'ArticleCategory',
  fields: () => ({
    slug: { type: string },
    name: { type: string },
    description: { type: string },
    articleCount: { type: int },
    articles: {
      type: nonNull(ArticleConnection),
      description: "The category's articles, newest first.",
      args: pageArgs(12),
      resolve: async (category, args: PageArgs, { store }) =>
        paginate(await store.articles({ category: category.slug }), args),
    },
  }),
});

const DesignPackageType = new GraphQLObjectType<DesignPackageNode>({
  name: 'DesignPackage',
  description: "A design service, sold as the catalogue's `custom` placement `mediacode`.",
  fields: {
    mediacode: { type: string },
    name: { type: string, description: "The placement's name in the catalogue." },
    price: { type: int, description: "The placement's price in cents." },
    priceFormatted: { type: string, description: 'Like $1,200' },
    includes: { type: listOf(GraphQLString) },
    turnaroundBusinessDays: { type: int },
  },
});
const DesignStep = new GraphQLObjectType({
  name: 'DesignStep',
  fields: { title: { type: string }, body: { type: string } },
});
const Question = new GraphQLObjectType({
  name: 'Question',
  fields: { question: { type: string }, answer: { type: string } },
});
const DesignHelpType = new GraphQLObjectType<DesignHelpNode, ContentContext>({
  name: 'DesignHelp',
  fields: {
    title: { type: string },
    summary: {
      type: string,
      description: 'One sentence describing the offer, for search engines and link previews.',
    },
    intro: { type: string },
    packages: { type: listOf(DesignPackageType) },
    steps: { type: listOf(DesignStep) },
    faq: { type: listOf(Question) },
  },
});

/**
 * The longest `specSheets(search:)`. Each word is looked for in every sheet, so an unbounded search
 * (a POST body may be 64 KB) would be work a client could make the server do for nothing.
 */
export const MAX_SEARCH_LENGTH = 200;

interface SpecSheetsArgs extends PageArgs {
  mediaType?: ContentMediaType | null;
  search?: string | null;
}

interface ArticlesArgs extends PageArgs {
  category?: string | null;
  mediaType?: ContentMediaType | null;
}

/** A by-slug lookup: the item, or a NOT_FOUND error naming what was missing. */
const bySlug =
  <T>(what: string, find: (store: ContentStore, slug: string) => Promise<T | null>) =>
  async (_root: unknown, { slug }: { slug: string }, { store }: ContentContext): Promise<T> => {
    const found = await find(store, slug);
    if (found === null) throw notFound(`No ${what} has the slug ${JSON.stringify(slug)}.`);
    return found;
  };
const slugArgs = { slug: { type: string } };

const Query = new GraphQLObjectType<unknown, ContentContext>({
  name: 'Query',
  description:
    "Adlane's content API at /graphql: the spec sheets under /specs, the resource hub under\n/info/resources and the design-help offer. The server's schema prints exactly this file (a test\nchecks it), and the SPA's queries are validated against it.",
  fields: {
    specSheets: {
      type: nonNull(SpecSheetConnection),
      description:
        "Spec sheets in the order /specs shows them: grouped by media type, in the storefront's channel\norder. `search` keeps the sheets whose title, summary, sections, specs or deadlines contain every\nword of it (case-insensitive).",
      args: { mediaType: { type: MediaType }, search: { type: GraphQLString }, ...pageArgs(20) },
      resolve: async (_root, { mediaType, search, ...page }: SpecSheetsArgs, { store }) => {
        if (search != null && [...search].length > MAX_SEARCH_LENGTH)
          throw clientError(`Search with at most ${MAX_SEARCH_LENGTH} characters.`, 'BAD_USER_INPUT');
        const sheets = (await store.specSheets()).filter(
          (sheet) =>
            (!mediaType || sheet.mediaType === mediaType) && (!search || specSheetMatches(sheet, search)),
        );
        return paginate(sheets, page);
      },
    },
    specSheet: {
      type: SpecSheetType,
      description: 'One spec sheet. Null, with a NOT_FOUND error, when no sheet has that slug.',
      args: slugArgs,
      resolve: bySlug('spec sheet', (store, slug) => store.specSheet(slug)),
    },
    articleCategories: {
      type: listOf(ArticleCategoryType),
      description: "The resource hub's categories, in the order the hub shows them.",
      resolve: (_root, _args, { store }) => store.categories(),
    },
    articleCategory: {
      type: ArticleCategoryType,
      description: 'One category. Null, with a NOT_FOUND error, when no category has that slug.',
      args: slugArgs,
      resolve: bySlug('article category', (store, slug) => store.category(slug)),
    },
    articles: {
      type: nonNull(ArticleConnection),
      description:
        'Articles, newest first. `category` is a category slug (a NOT_FOUND error when none has it);\n`mediaType` keeps the articles about that media type.',
      args: { category: { type: GraphQLString }, mediaType: { type: MediaType }, ...pageArgs(12) },
      resolve: async (_root, { category, mediaType, ...page }: ArticlesArgs, { store }) => {
        if (category != null && !(await store.category(category)))
          throw notFound(`No article category has the slug ${JSON.stringify(category)}.`);
        return paginate(
          await store.articles({ category: category ?? undefined, mediaType: mediaType ?? undefined }),
          page,
        );
      },
    },
    article: {
      type: ArticleType,
      description: 'One article. Null, with a NOT_FOUND error, when no article has that slug.',
      args: slugArgs,
      resolve: bySlug('article', (store, slug) => store.article(slug)),
    },
    designHelp: {
      type: nonNull(DesignHelpType),
      description: 'The design-help offer at /info/ad-design-on-{product}/.',
      resolve: (_root, _args, { store }) => store.designHelp(),
    },
  },
});

/** The types in the order contract/content.graphql lists them, which is the order they print in. */
export const contentSchema = new GraphQLSchema({
  query: Query,
  types: [
    Query,
    MediaType,
    PageInfo,
    SpecSheetConnection,
    SpecSheetType,
    SpecSection,
    SpecItem,
    Deadline,
    ArticleCategoryType,
    ArticleConnection,
    ArticleType,
    ArticleSectionType,
    DesignHelpType,
    DesignPackageType,
    DesignStep,
    Question,
  ],
});
