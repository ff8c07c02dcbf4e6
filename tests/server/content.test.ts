import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildSchema, getIntrospectionQuery, printSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecSheet } from '../../contract/content';
import { specSheetMatches } from '../../contract/contentPages';
import { ARTICLE_CATEGORIES, ARTICLES } from '../../server/content/articles';
import { DESIGN_HELP } from '../../server/content/designHelp';
import { withHead } from '../../server/content/heads';
import { contentSchema } from '../../server/content/schema';
import { SPEC_SHEETS } from '../../server/content/specSheets';
import {
  contentArticleCategories,
  contentArticles,
  contentDocuments,
  contentSpecSheets,
  media,
} from '../../server/db/schema';
import { CONTENT_VERSION_KEY, contentHash, syncContent } from '../../server/db/seed/content';
import { createLogger } from '../../server/log';
import { loadStaticSite } from '../../server/static/site';
import { CONTENT_QUERIES } from '../../src/api/contentQueries';
import { DRIVERS, type Harness } from './harness';

interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string }; locations?: unknown }[];
}

/** /specs order: media type in channel order (print, TV, CTV, screens, online, mail, e-mail, design), then the seed's order. */
const SPECS_ORDER: readonly SpecSheet[] = [
  'magazine-print-ads',
  'linear-tv-spots',
  'connected-tv-ads',
  'digital-billboards',
  'online-display-ads',
  'google-search-ads',
  'geofencing-ads',
  'every-door-direct-mail',
  'audience-direct-mail',
  'direct-mail-daily-mailers',
  'website-to-mailbox',
  'dedicated-email-blasts',
  'ad-design-service',
].map((slug) => {
  const sheet = SPEC_SHEETS.find((candidate) => candidate.slug === slug);
  if (!sheet) throw new Error(`No spec sheet ${slug}`);
  return sheet;
});
const NEWEST_FIRST = [...ARTICLES].sort(
  (a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.slug.localeCompare(b.slug),
);
interface SheetPage {
  nodes: SpecSheet[];
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}
const slugs = (items: readonly { slug: string }[]) => items.map((item) => item.slug);

describe.each(DRIVERS)('the content API at /graphql on %s', (_name, open) => {
  let h: Harness;
  /** The app's error lines (resolver failures are logged, never shown). */
  const errorLines: string[] = [];
  beforeAll(async () => {
    h = await open({
      logger: createLogger({
        level: 'error',
        destination: { write: (line: string) => void errorLines.push(line) },
      }),
    });
  });
  afterAll(async () => {
    await h.close();
  });

  const post = async <T>(query: string, variables?: Record<string, unknown>) => {
    const response = await h.app.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ query, variables }),
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as GraphQLAnswer<T>,
    };
  };
  const codes = (answer: GraphQLAnswer<unknown>) => answer.errors?.map((error) => error.extensions?.code);

  describe('syncing with the seed', () => {
    const counts = {
      specSheets: SPEC_SHEETS.length,
      categories: ARTICLE_CATEGORIES.length,
      articles: ARTICLES.length,
    };

    it('holds every sheet, category, article, the design-help offer and the seed hash', async () => {
      const db = h.database.db;
      expect(await db.$count(contentSpecSheets)).toBe(SPEC_SHEETS.length);
      expect(await db.$count(contentArticleCategories)).toBe(ARTICLE_CATEGORIES.length);
      expect(await db.$count(contentArticles)).toBe(ARTICLES.length);
      expect(await db.$count(contentDocuments)).toBe(2);
      const [version] = await db
        .select({ document: contentDocuments.document })
        .from(contentDocuments)
        .where(eq(contentDocuments.key, CONTENT_VERSION_KEY));
      expect(version?.document).toEqual({ sha256: contentHash() });
      expect(contentHash()).toMatch(/^[0-9a-f]{64}$/);
    });

    it('brings content that differs from the seed back to it, then writes nothing while equal', async () => {
      const db = h.database.db;
      const [sheet] = SPEC_SHEETS;
      const [category] = ARTICLE_CATEGORIES;
      const [item] = ARTICLES;
      if (!sheet || !category || !item) throw new Error('No content');
      // The content of an older deploy: an edited title and an article the seed no longer has.
      await db
        .update(contentSpecSheets)
        .set({ title: 'An old title' })
        .where(eq(contentSpecSheets.slug, sheet.slug));
      await db
        .insert(contentArticles)
        .values({ ...item, slug: 'an-article-since-removed', category: category.slug, position: 999 });
      await db
        .update(contentDocuments)
        .set({ document: { sha256: 'the-hash-of-an-older-seed' } })
        .where(eq(contentDocuments.key, CONTENT_VERSION_KEY));

      expect(await syncContent(db)).toEqual(counts);
      const [title] = await db
        .select({ title: contentSpecSheets.title })
        .from(contentSpecSheets)
        .where(eq(contentSpecSheets.slug, sheet.slug));
      expect(title?.title).toBe(sheet.title);
      expect(await db.$count(contentArticles)).toBe(ARTICLES.length);
      expect(await db.$count(contentArticles, eq(contentArticles.slug, 'an-article-since-removed'))).toBe(0);

      // Equal hashes: nothing is written, not even a row changed by hand since.
      await db
        .update(contentSpecSheets)
        .set({ title: 'Changed by hand' })
        .where(eq(contentSpecSheets.slug, sheet.slug));
      expect(await syncContent(db)).toBeNull();
      const [kept] = await db
        .select({ title: contentSpecSheets.title })
        .from(contentSpecSheets)
        .where(eq(contentSpecSheets.slug, sheet.slug));
      expect(kept?.title).toBe('Changed by hand');
      await db
        .update(contentSpecSheets)
        .set({ title: sheet.title })
        .where(eq(contentSpecSheets.slug, sheet.slug));
    });

    it('writes the content once when two starts sync together', async () => {
      const db = h.database.db;
      await db.delete(contentDocuments).where(eq(contentDocuments.key, CONTENT_VERSION_KEY));
      const results = await Promise.all([syncContent(db), syncContent(db)]);
      expect(results.filter((result) => result !== null)).toEqual([counts]);
      expect(await db.$count(contentSpecSheets)).toBe(SPEC_SHEETS.length);
      expect(await db.$count(contentDocuments)).toBe(2);
    });
  });

  describe('spec sheets', () => {
    it('come in /specs order, with every field', async () => {
      const { status, body } = await post<{ specSheets: { nodes: SpecSheet[]; totalCount: number } }>(
        `{ specSheets(first: 50) { totalCount nodes { slug title mediaType summary sections { heading body }
           specs { label value } deadlines { label rule } shopPath updatedAt } } }`,
      );
      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
      expect(body.data?.specSheets.totalCount).toBe(SPEC_SHEETS.length);
      expect(body.data?.specSheets.nodes).toEqual(SPECS_ORDER);
    });

    it('filter by media type and find one by slug', async () => {
      const { body } = await post<{ specSheets: { nodes: SpecSheet[] }; specSheet: SpecSheet }>(
        `query($slug: String!) { specSheets(mediaType: eddm) { nodes { slug mediaType } } specSheet(slug: $slug) { slug title } }`,
        { slug: 'dedicated-email-blasts' },
      );
      expect(slugs(body.data?.specSheets.nodes ?? [])).toEqual(
        slugs(SPECS_ORDER.filter((sheet) => sheet.mediaType === 'eddm')),
      );
      expect(body.data?.specSheet.slug).toBe('dedicated-email-blasts');
    });

    /** Print and mail sheets ask for PDF/X-1a files with bleed; the design service sends them. */
    const PRINT_AND_MAIL = [
      'magazine-print-ads',
      'every-door-direct-mail',
      'audience-direct-mail',
      'direct-mail-daily-mailers',
      'website-to-mailbox',
    ];
    it.each([
      ['pdf/x-1a', [...PRINT_AND_MAIL, 'ad-design-service']],
      ['BLEED trim', PRINT_AND_MAIL],
      ['lkfs loudness', ['linear-tv-spots', 'connected-tv-ads']],
      ['subject line', ['dedicated-email-blasts']],
      ['no-such-word-anywhere', []],
    ])('search "%s" keeps the sheets containing every word', async (search, expected) => {
      const { body } = await post<{ specSheets: { nodes: SpecSheet[] } }>(
        'query($search: String) { specSheets(search: $search, first: 50) { nodes { slug } } }',
        { search },
      );
      expect(slugs(body.data?.specSheets.nodes ?? [])).toEqual(expected);
    });

    it('search takes at most 200 characters, and a repeated word matches as once', async () => {
      const query = 'query($search: String) { specSheets(search: $search, first: 50) { nodes { slug } } }';
      const tooLong = await post(query, { search: 'a'.repeat(201) });
      expect(tooLong.status).toBe(200);
      expect(tooLong.body.data).toBeNull();
      expect(tooLong.body.errors).toEqual([
        expect.objectContaining({
          message: 'Search with at most 200 characters.',
          extensions: { code: 'BAD_USER_INPUT' },
        }),
      ]);
      // Characters, not UTF-16 units: 200 emoji are 400 units and still a search.
      const longest = await post<{ specSheets: { nodes: SpecSheet[] } }>(query, { search: '🙂'.repeat(200) });
      expect(longest.body.errors).toBeUndefined();
      const repeated = `${'bleed '.repeat(32)}BLEED`;
      expect(repeated.length).toBeLessThanOrEqual(200);
      const { body } = await post<{ specSheets: { nodes: SpecSheet[] } }>(query, { search: repeated });
      expect(slugs(body.data?.specSheets.nodes ?? [])).toEqual([...PRINT_AND_MAIL, 'ad-design-service']);
    });

    it('search matches words case-insensitively in any part of a sheet', () => {
      const [sheet] = SPEC_SHEETS;
      if (!sheet) throw new Error('No sheets');
      expect(specSheetMatches(sheet, sheet.title.toUpperCase())).toBe(true);
      expect(
        specSheetMatches(sheet, `${sheet.deadlines[0]?.rule.split(' ')[0]}   ${sheet.specs[0]?.value}`),
      ).toBe(true);
      expect(specSheetMatches(sheet, `${sheet.title} zzzz`)).toBe(false);
      expect(specSheetMatches(sheet, '   ')).toBe(true);
    });

    it('walking every page with `after` returns each sheet once, in order', async () => {
      const seen: string[] = [];
      let after: string | null = null;
      for (let pages = 0; pages < 20; pages += 1) {
        const { body }: { body: GraphQLAnswer<{ specSheets: SheetPage }> } = await post<{
          specSheets: SheetPage;
        }>(
          'query($after: String) { specSheets(first: 4, after: $after) { nodes { slug } totalCount pageInfo { hasNextPage endCursor } } }',
          { after },
        );
        const page: SheetPage | undefined = body.data?.specSheets;
        if (!page) throw new Error(JSON.stringify(body));
        seen.push(...slugs(page.nodes));
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      expect(seen).toEqual(slugs(SPECS_ORDER));
    });

    it.each([0, 51, -1])('refuse first: %i', async (first) => {
      const { status, body } = await post(`{ specSheets(first: ${first}) { totalCount } }`);
      expect(status).toBe(200);
      expect(body.data).toBeNull();
      expect(codes(body)).toEqual(['BAD_USER_INPUT']);
      expect(body.errors?.[0]?.message).toContain('1 to 50');
    });

    it.each(['nope', '', '!!!!', Buffer.from('offset:-1').toString('base64url'), 'b2Zmc2V0OjE=='])(
      'refuse a cursor this API did not give out: %j',
      async (after) => {
        const { body } = await post('query($after: String) { specSheets(after: $after) { totalCount } }', {
          after,
        });
        expect(codes(body)).toEqual(['BAD_USER_INPUT']);
        expect(body.errors?.[0]?.message).toBe('That cursor is not one this API gave out.');
      },
    );
  });

  describe('the resource hub', () => {
    it('lists categories in order with their article counts and newest-first articles', async () => {
      const { body } = await post<{
        articleCategories: {
          slug: string;
          articleCount: number;
          articles: { nodes: { slug: string }[]; totalCount: number };
        }[];
      }>('{ articleCategories { slug articleCount articles(first: 50) { totalCount nodes { slug } } } }');
      expect(body.errors).toBeUndefined();
      const categories = body.data?.articleCategories ?? [];
      expect(slugs(categories)).toEqual(slugs(ARTICLE_CATEGORIES));
      for (const category of categories) {
        const expected = NEWEST_FIRST.filter((item) => item.category === category.slug);
        expect(category.articleCount).toBe(expected.length);
        expect(category.articles.totalCount).toBe(expected.length);
        expect(slugs(category.articles.nodes)).toEqual(slugs(expected));
      }
    });

    it('lists articles newest first, by category and by media type', async () => {
      const { body } = await post<{
        all: { nodes: { slug: string }[]; totalCount: number };
        tv: { nodes: { slug: string }[] };
        creative: { nodes: { slug: string; category: { slug: string } }[] };
      }>(`{ all: articles(first: 50) { totalCount nodes { slug } }
            tv: articles(mediaType: tv, first: 50) { nodes { slug } }
            creative: articles(category: "creative", first: 50) { nodes { slug category { slug } } } }`);
      expect(body.errors).toBeUndefined();
      expect(slugs(body.data?.all.nodes ?? [])).toEqual(slugs(NEWEST_FIRST.slice(0, 50)));
      expect(body.data?.all.totalCount).toBe(ARTICLES.length);
      expect(slugs(body.data?.tv.nodes ?? [])).toEqual(
        slugs(NEWEST_FIRST.filter((item) => item.relatedMediaTypes.includes('tv'))),
      );
      expect(body.data?.creative.nodes.every((item) => item.category.slug === 'creative')).toBe(true);
      expect(slugs(body.data?.creative.nodes ?? [])).toEqual(
        slugs(NEWEST_FIRST.filter((item) => item.category === 'creative')),
      );
    });

    it('gives an article with its category and the spec sheets of its media types, in /specs order', async () => {
      const item = ARTICLES.find((candidate) => candidate.relatedMediaTypes.length > 1) ?? ARTICLES[0];
      if (!item) throw new Error('No articles');
      const { body } = await post<{
        article: {
          title: string;
          category: { slug: string };
          relatedSpecSheets: { slug: string }[];
          body: unknown;
        };
      }>(
        'query($slug: String!) { article(slug: $slug) { title category { slug } relatedSpecSheets { slug } body { heading paragraphs } } }',
        {
          slug: item.slug,
        },
      );
      expect(body.data?.article.title).toBe(item.title);
      expect(body.data?.article.category.slug).toBe(item.category);
      expect(body.data?.article.body).toEqual(
        item.body.map((section) => ({ heading: section.heading ?? null, ...section })),
      );
      expect(slugs(body.data?.article.relatedSpecSheets ?? [])).toEqual(
        slugs(SPECS_ORDER.filter((sheet) => item.relatedMediaTypes.includes(sheet.mediaType))),
      );
    });
  });

  // A nullable field answers null; the articles list is not nullable, so its null reaches the root.
  it.each([
    [
      'specSheet',
      '{ specSheet(slug: "nope") { slug } }',
      'No spec sheet has the slug "nope".',
      { specSheet: null },
    ],
    [
      'articleCategory',
      '{ articleCategory(slug: "nope") { slug } }',
      'No article category has the slug "nope".',
      { articleCategory: null },
    ],
    ['article', '{ article(slug: "nope") { slug } }', 'No article has the slug "nope".', { article: null }],
    [
      'articles',
      '{ articles(category: "nope") { totalCount } }',
      'No article category has the slug "nope".',
      null,
    ],
  ])('%s of an unknown slug is a NOT_FOUND error', async (_field, query, message, data) => {
    const { status, body } = await post<Record<string, unknown>>(query);
    expect(status).toBe(200);
    expect(body.errors).toEqual([expect.objectContaining({ message, extensions: { code: 'NOT_FOUND' } })]);
    expect(body.data).toEqual(data);
  });

  it('prices the design packages from their catalogue placements', async () => {
    const { body } = await post<{
      designHelp: {
        title: string;
        packages: { mediacode: string; name: string; price: number; priceFormatted: string }[];
      };
    }>(
      '{ designHelp { title intro packages { mediacode name price priceFormatted includes turnaroundBusinessDays } steps { title } faq { question } } }',
    );
    expect(body.errors).toBeUndefined();
    // The seed's design placements (CU-01 to CU-08), by name and price in cents.
    expect(
      body.data?.designHelp.packages.map(({ mediacode, name, price, priceFormatted }) => [
        mediacode,
        name,
        price,
        priceFormatted,
      ]),
    ).toEqual([
      ['CU-01', 'Ad design: magazine full page', 34_900, '$349'],
      ['CU-02', 'Ad design: magazine half page', 24_900, '$249'],
      ['CU-03', 'Ad design: digital banner set', 29_900, '$299'],
      ['CU-04', 'Ad design: postcard (6.25 × 9 in)', 19_900, '$199'],
      ['CU-05', 'Video ad: 15-second spot', 120_000, '$1,200'],
      ['CU-06', 'Video ad: 30-second spot', 190_000, '$1,900'],
      ['CU-07', 'Billboard & screen design', 24_900, '$249'],
      ['CU-08', 'E-mail template design', 27_900, '$279'],
    ]);
  });

  it('leaves an unpublished design package out of the offer: no cart would take it', async () => {
    await h.database.db.update(media).set({ published: false }).where(eq(media.mediacode, 'CU-08'));
    try {
      const { body } = await post<{ designHelp: { packages: { mediacode: string }[] } }>(
        '{ designHelp { packages { mediacode } } }',
      );
      expect(body.errors).toBeUndefined();
      const codes = body.data?.designHelp.packages.map((p) => p.mediacode);
      expect(codes).toHaveLength(7);
      expect(codes).not.toContain('CU-08');
    } finally {
      await h.database.db.update(media).set({ published: true }).where(eq(media.mediacode, 'CU-08'));
    }
  });

  describe('over HTTP', () => {
    it('lets caches keep a GET answer whose only errors are the client’s', async () => {
      const get = await h.app.request(
        `/graphql?query=${encodeURIComponent('{ specSheet(slug: "nope") { slug } }')}`,
      );
      expect(get.status).toBe(200);
      expect(codes((await get.json()) as GraphQLAnswer<unknown>)).toEqual(['NOT_FOUND']);
      expect(get.headers.get('cache-control')).toBe('public, max-age=60');
    });

    it('answers GET queries, cacheable briefly, and POST not cached', async () => {
      const query = encodeURIComponent('query($t: MediaType) { specSheets(mediaType: $t) { totalCount } }');
      const variables = encodeURIComponent(JSON.stringify({ t: 'tv' }));
      const get = await h.app.request(`/graphql?query=${query}&variables=${variables}`);
      expect(get.status).toBe(200);
      expect(get.headers.get('content-type')).toContain('application/json');
      expect(get.headers.get('cache-control')).toBe('public, max-age=60');
      expect(await get.json()).toEqual({
        data: { specSheets: { totalCount: SPEC_SHEETS.filter((sheet) => sheet.mediaType === 'tv').length } },
      });
      const posted = await post('{ articleCategories { slug } }');
      expect(posted.status).toBe(200);
      expect(posted.headers.get('cache-control')).toBe('no-store');
    });

    it('answers a mutation as it is, whatever the method, and other methods with 405', async () => {
      const expected = {
        errors: [
          {
            message: 'This API has no mutations: it only answers queries.',
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
          },
        ],
      };
      const mutation = await h.app.request(
        `/graphql?query=${encodeURIComponent('mutation { designHelp { title } }')}`,
      );
      expect(mutation.status).toBe(400);
      expect(await mutation.json()).toEqual(expected);
      expect(mutation.headers.get('cache-control')).toBe('no-store');
      const posted = await post('mutation { designHelp { title } }');
      expect(posted.status).toBe(400);
      expect(posted.body).toEqual(expected);
      for (const method of ['PUT', 'DELETE', 'PATCH']) {
        const response = await h.app.request('/graphql', { method });
        expect(response.status, method).toBe(405);
        expect(response.headers.get('allow')).toBe('GET, POST');
        expect(((await response.json()) as GraphQLAnswer<unknown>).errors?.[0]?.message).toContain(
          'GET and POST',
        );
      }
    });

    it('answers a body over 64 KB with 413 and a GraphQL error', async () => {
      const response = await h.app.request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `{ articleCategories { slug } } # ${'x'.repeat(70_000)}` }),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        errors: [{ message: 'The request is larger than 64 KB.', extensions: { code: 'PAYLOAD_TOO_LARGE' } }],
      });
    });

    it('refuses queries nested deeper than 8 levels, fragments included, and allows introspection', async () => {
      const deep = await post(
        '{ article(slug: "x") { category { articles { nodes { category { articles { nodes { category { slug } } } } } } } } }',
      );
      expect(deep.status).toBe(400);
      expect(codes(deep.body)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
      expect(deep.body.errors?.[0]?.message).toContain('at most 8 levels');
      const viaFragments = await post(
        `{ article(slug: "x") { ...A } }
         fragment A on Article { category { articles { nodes { ...B } } } }
         fragment B on Article { category { articles { nodes { category { slug } } } } }`,
      );
      expect(viaFragments.status).toBe(400);
      expect(viaFragments.body.errors?.[0]?.message).toContain('at most 8 levels');
      const cycle = await post(
        '{ article(slug: "x") { ...A } } fragment A on Article { category { articles { nodes { ...A } } } }',
      );
      expect(cycle.status).toBe(400);
      const introspection = await post<{ __schema: unknown }>(getIntrospectionQuery());
      expect(introspection.status).toBe(200);
      expect(introspection.body.errors).toBeUndefined();
    });

    it('refuses a query that asks for too much at once before running it, by POST and GET', async () => {
      // Pages of 50 inside pages of 50, twelve aliases a level, through fragments: about 48 million results.
      const many = (count: number, field: string) =>
        Array.from({ length: count }, (_, i) => `x${i}: ${field}`).join(' ');
      const inner = `fragment C on ArticleCategory { ${many(12, 'articles(first: 50) { nodes { ...N } }')} }
        fragment N on Article { slug title summary body { heading paragraphs } ${many(12, 'relatedSpecSheets { ...S }')} }
        fragment S on SpecSheet { slug title summary sections { heading body } specs { label value } deadlines { label rule } shopPath updatedAt }`;
      const attack = `{ ${many(12, 'articles(first: 50) { nodes { category { ...C } } }')} } ${inner}`;
      const refusal =
        /^This query asks for too much at once \(estimated ([\d,]+) results, at most 10,000\): ask for fewer items or fewer aliases\.$/;
      const started = performance.now();
      const refused = await post(attack);
      const viaGet = await h.app.request(`/graphql?query=${encodeURIComponent(attack)}`);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(refused.status).toBe(400);
      expect(codes(refused.body)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
      const estimate = refusal.exec(refused.body.errors?.[0]?.message ?? '')?.[1];
      expect(Number(estimate?.replaceAll(',', ''))).toBeGreaterThan(1_000_000);
      expect(viaGet.status).toBe(400);
      const gotByGet = (await viaGet.json()) as GraphQLAnswer<unknown>;
      expect(gotByGet.errors?.[0]?.message).toMatch(refusal);
      // A negative page does not cancel out the others' cost (paginate refuses it, but only as it runs).
      const negative = await post(
        `{ n: articles(first: -2000000000) { nodes { category { ...C } } } ${many(11, 'articles(first: 50) { nodes { category { ...C } } }')} } ${inner}`,
      );
      expect(negative.status).toBe(400);
      expect(negative.body.errors?.[0]?.message).toMatch(refusal);
      // Nor does a variable page: it counts as the largest page.
      const variable = await post(
        `query($n: Int) { ${many(4, 'articles(first: $n) { nodes { category { articles(first: $n) { nodes { relatedSpecSheets { ...S } } } } } }')} } ${inner.slice(inner.indexOf('fragment S'))}`,
        { n: 1 },
      );
      expect(variable.status).toBe(400);
      expect(variable.body.errors?.[0]?.message).toMatch(refusal);
      // Aliases alone: a selection of more than 100 fields.
      const aliases = await post(`{ ${many(101, 'designHelp { title }')} }`);
      expect(aliases.status).toBe(400);
      expect(aliases.body.errors?.[0]?.message).toContain('at most 100 in one');
      // A fragment that spreads itself is refused (NoFragmentCyclesRule) rather than counted forever.
      const cycle = await post(
        '{ articles(first: 50) { ...P } } fragment P on ArticleConnection { nodes { category { articles(first: 50) { ...P } } } }',
      );
      expect(cycle.status).toBe(400);
    });

    it('answers every query the storefront sends, and a page of 50 written through a fragment or inline alike', async () => {
      const variables: Record<keyof typeof CONTENT_QUERIES, Record<string, unknown>> = {
        SPEC_SHEET_LIST: {},
        SPEC_SHEET: { slug: SPECS_ORDER[0]?.slug },
        RESOURCE_HUB: { first: 50 },
        MORE_ARTICLES: { first: 50, category: ARTICLE_CATEGORIES[0]?.slug },
        ARTICLE: { slug: NEWEST_FIRST[0]?.slug },
        DESIGN_HELP: {},
      };
      for (const [name, query] of Object.entries(CONTENT_QUERIES)) {
        const answer = await post(query, variables[name as keyof typeof CONTENT_QUERIES]);
        expect(answer.status, name).toBe(200);
        expect(answer.body.errors, name).toBeUndefined();
      }
      const fields = 'totalCount nodes { slug relatedSpecSheets { slug sections { heading } } }';
      // 50 articles of 10 sheets of 10 sections: about 6,100 results either way.
      const inline = await post(`{ articles(first: 50) { ${fields} } }`);
      const viaFragment = await post(
        `{ articles(first: 50) { ...P } } fragment P on ArticleConnection { ${fields} }`,
      );
      expect(inline.status).toBe(200);
      expect(viaFragment.status).toBe(200);
    });

    it('answers whatever a client sends with its one 4xx, or an executed answer, never a 500', async () => {
      const bigQuery = `{ ${Array.from({ length: 1500 }, (_, i) => `a${i}: articleCategories { slug }`).join(' ')} }`;
      const json = 'application/json';
      // What each request is refused with: the status and the error code of its one error.
      const bodies: [body: string, type: string | undefined, status: number, code: string][] = [
        ['', json, 400, 'BAD_REQUEST'],
        ['not json', json, 400, 'BAD_REQUEST'],
        ['{"query":', json, 400, 'BAD_REQUEST'],
        ['[]', json, 400, 'BAD_REQUEST'],
        ['[{"query":"{ designHelp { title } }"}]', json, 400, 'BAD_REQUEST'],
        ['42', json, 400, 'BAD_REQUEST'],
        ['null', json, 400, 'BAD_REQUEST'],
        ['"{ designHelp { title } }"', json, 400, 'BAD_REQUEST'],
        ['{}', json, 400, 'BAD_REQUEST'],
        ['{"query":42}', json, 400, 'BAD_REQUEST'],
        ['{"query":{"a":1}}', json, 400, 'BAD_REQUEST'],
        ['{"query":"{ designHelp { title } }","variables":[]}', json, 400, 'BAD_REQUEST'],
        ['{"query":"{ designHelp { title } }","variables":"{}"}', json, 400, 'BAD_REQUEST'],
        ['{"query":"{ designHelp { title } }","operationName":7}', json, 400, 'BAD_REQUEST'],
        ['{"query":"{ designHelp { title } }"}', 'text/plain', 415, 'BAD_REQUEST'],
        ['{"query":"{ designHelp { title } }"}', undefined, 415, 'BAD_REQUEST'],
        ['query=%7B%7D', 'application/x-www-form-urlencoded', 415, 'BAD_REQUEST'],
        [JSON.stringify({ query: bigQuery }), json, 400, 'GRAPHQL_PARSE_FAILED'],
        [JSON.stringify({ query: '{'.repeat(5000) }), json, 400, 'GRAPHQL_PARSE_FAILED'],
        [JSON.stringify({ query: '{ nope }' }), json, 400, 'GRAPHQL_VALIDATION_FAILED'],
        [
          JSON.stringify({ query: '{ specSheets(first: "ten") { totalCount } }' }),
          json,
          400,
          'GRAPHQL_VALIDATION_FAILED',
        ],
        [
          JSON.stringify({ query: '{ specSheets(mediaType: radio) { totalCount } }' }),
          json,
          400,
          'GRAPHQL_VALIDATION_FAILED',
        ],
        [JSON.stringify({ query: '{ specSheet { slug } }' }), json, 400, 'GRAPHQL_VALIDATION_FAILED'],
        [JSON.stringify({ query: '{ designHelp }' }), json, 400, 'GRAPHQL_VALIDATION_FAILED'],
        [
          JSON.stringify({ query: 'subscription { designHelp { title } }' }),
          json,
          400,
          'GRAPHQL_VALIDATION_FAILED',
        ],
        [
          JSON.stringify({ query: 'mutation { designHelp { title } }' }),
          json,
          400,
          'GRAPHQL_VALIDATION_FAILED',
        ],
        [
          JSON.stringify({ query: 'query A { designHelp { title } } query B { designHelp { intro } }' }),
          json,
          400,
          'BAD_REQUEST',
        ],
        [
          JSON.stringify({ query: '{ designHelp { title } }', operationName: 'Missing' }),
          json,
          400,
          'BAD_REQUEST',
        ],
        [
          JSON.stringify({
            query: 'query($s: String!) { specSheet(slug: $s) { slug } }',
            variables: { s: 12 },
          }),
          json,
          400,
          'BAD_USER_INPUT',
        ],
        [
          JSON.stringify({ query: 'query($s: String!) { specSheet(slug: $s) { slug } }' }),
          json,
          400,
          'BAD_USER_INPUT',
        ],
        [
          '{"query":"query($s: String!) { specSheet(slug: $s) { slug } }","variables":{"__proto__":{"s":"x"},"constructor":1}}',
          json,
          400,
          'BAD_USER_INPUT',
        ],
        [
          '{"query":"query($t: MediaType) { specSheets(mediaType: $t) { totalCount } }","variables":{"t":"__proto__"}}',
          json,
          400,
          'BAD_USER_INPUT',
        ],
      ];
      const designHelpQuery = '%7B%20designHelp%20%7B%20title%20%7D%20%7D';
      const urls: [url: string, status: number, code: string][] = [
        ['/graphql', 400, 'BAD_REQUEST'],
        ['/graphql?query=', 400, 'BAD_REQUEST'],
        ['/graphql?query=%E0%A4%A', 400, 'GRAPHQL_PARSE_FAILED'],
        [`/graphql?query=${designHelpQuery}&variables=%E0%A4%A`, 400, 'BAD_REQUEST'],
        [`/graphql?query=${designHelpQuery}&variables=nope`, 400, 'BAD_REQUEST'],
        [`/graphql?query=${designHelpQuery}&variables=[1]`, 400, 'BAD_REQUEST'],
        ['/graphql?query=a&query=b', 400, 'BAD_REQUEST'],
        ['/graphql?query=%7B%7B%7B', 400, 'GRAPHQL_PARSE_FAILED'],
        [
          `/graphql?query=${encodeURIComponent('mutation { designHelp { title } }')}`,
          400,
          'GRAPHQL_VALIDATION_FAILED',
        ],
        ['/graphql?%=%&&=', 400, 'BAD_REQUEST'],
      ];
      const requests = [
        ...bodies.map(([body, type, status, code]) => ({
          label: `POST ${type} ${body.slice(0, 80)}`,
          status,
          code,
          response: h.app.request('/graphql', {
            method: 'POST',
            headers: type ? { 'content-type': type } : {},
            body,
          }),
        })),
        ...urls.map(([url, status, code]) => ({
          label: `GET ${url.slice(0, 80)}`,
          status,
          code,
          response: h.app.request(url),
        })),
      ];
      for (const { label, status, code, response } of requests) {
        const answer = await response;
        expect(answer.status, label).toBe(status);
        expect(answer.headers.get('content-type'), label).toContain('application/json');
        const body = (await answer.json()) as GraphQLAnswer<unknown>;
        expect(body.data, label).toBeUndefined();
        expect(codes(body), label).toEqual([code]);
        expect(body.errors?.[0]?.message.length, label).toBeGreaterThan(10);
      }

      // Requests that reach execution: a field's error beside its null, or the data.
      const raw = async (body: string) => {
        const response = await h.app.request('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        return { status: response.status, body: (await response.json()) as GraphQLAnswer<unknown> };
      };
      const fieldError = (message: string, code: string, path: string) =>
        expect.objectContaining({ message, path: [path], extensions: { code } });
      expect(
        await raw(JSON.stringify({ query: '{ specSheets(after: "\u0000\uffff") { totalCount } }' })),
      ).toEqual({
        status: 200,
        body: {
          data: null,
          errors: [fieldError('That cursor is not one this API gave out.', 'BAD_USER_INPUT', 'specSheets')],
        },
      });
      const longSlug = 'é'.repeat(20_000);
      expect(await raw(JSON.stringify({ query: `{ specSheet(slug: "${longSlug}") { slug } }` }))).toEqual({
        status: 200,
        body: {
          data: { specSheet: null },
          errors: [fieldError(`No spec sheet has the slug "${longSlug}".`, 'NOT_FOUND', 'specSheet')],
        },
      });
      expect(await raw('\uFEFF{"query":"{ designHelp { title } }"}')).toEqual({
        status: 200,
        body: { data: { designHelp: { title: 'Ad design on Adlane' } } },
      });
      const tooMany = await h.app.request(
        `/graphql?query=${encodeURIComponent('{ specSheets(first: 9999) { totalCount } }')}`,
      );
      expect(tooMany.status).toBe(200);
      expect(await tooMany.json()).toEqual({
        data: null,
        errors: [
          fieldError(
            '`first` must be a whole number from 1 to 50; it was 9999.',
            'BAD_USER_INPUT',
            'specSheets',
          ),
        ],
      });
    });
  });

  describe("errors that are not the client's", () => {
    it('are masked, logged and not cached, and syncing puts back content that is missing', async () => {
      const db = h.database.db;
      await db.delete(contentDocuments);
      const logged = errorLines.length;
      const get = await h.app.request(
        `/graphql?query=${encodeURIComponent('{ designHelp { title } specSheet(slug: "nope") { slug } }')}`,
      );
      expect(get.status).toBe(200);
      // The NOT_FOUND may or may not be listed (designHelp's failure nulls the whole answer first).
      expect(codes((await get.json()) as GraphQLAnswer<unknown>)).toContain('INTERNAL_SERVER_ERROR');
      expect(get.headers.get('cache-control')).toBe('no-store');
      const masked = await post('{ designHelp { title } }');
      expect(masked.status).toBe(200);
      expect(masked.body).toEqual({
        data: null,
        errors: [
          expect.objectContaining({
            message: 'Something went wrong on our side. Please try again.',
            extensions: { code: 'INTERNAL_SERVER_ERROR' },
          }),
        ],
      });
      expect(errorLines.slice(logged).map((line) => JSON.parse(line).msg)).toContain(
        'GraphQL resolver failed',
      );
      // A database seeded before the content existed: the catalogue is there, the content is not.
      await db.delete(contentArticles);
      await db.delete(contentArticleCategories);
      await db.delete(contentSpecSheets);
      expect(await syncContent(db)).toEqual({
        specSheets: SPEC_SHEETS.length,
        categories: ARTICLE_CATEGORIES.length,
        articles: ARTICLES.length,
      });
      expect(await syncContent(db)).toBeNull();
      const { body } = await post<{ designHelp: { title: string } }>('{ designHelp { title } }');
      expect(body.data?.designHelp.title).toBe(DESIGN_HELP.title);
    });
  });
});

describe('the content schema', () => {
  it('prints as contract/content.graphql', () => {
    const contract = readFileSync('contract/content.graphql', 'utf8');
    // The file is laid out by hand (short descriptions on one line); printed through graphql-js it
    // must be what the server prints, descriptions, defaults and type order included.
    expect(printSchema(contentSchema)).toBe(printSchema(buildSchema(contract)));
  });
});

describe('the heads of the content pages', () => {
  const [, openPglite] = DRIVERS[0] ?? [];
  const ORIGIN = 'https://www.adlane.example';
  let h: Harness;

  beforeAll(async () => {
    if (!openPglite) throw new Error('No PGlite driver');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'adlane-heads-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><html><head><meta name="description" content="Default description." /><title>Adlane: advertising</title></head><body><div id="root"></div>${' '.repeat(600)}</body></html>`,
    );
    h = await openPglite({ site: loadStaticSite(dir), env: { PUBLIC_URL: ORIGIN } });
  });
  afterAll(async () => {
    await h.close();
  });

  const head = async (url: string, init?: RequestInit) => {
    const html = await (await h.app.request(url, init)).text();
    return {
      title: /<title>(.*?)<\/title>/.exec(html)?.[1],
      description: /<meta name="description" content="(.*?)" \/>/.exec(html)?.[1],
      html,
    };
  };
  /** The canonical address and Open Graph tags of a page, each found exactly once. */
  const previews = async (url: string) => {
    const { html } = await head(url);
    const once = (pattern: RegExp) => {
      const found = [...html.matchAll(pattern)].map((match) => match[1]);
      expect(found, `${url}: ${pattern}`).toHaveLength(1);
      return found[0];
    };
    const og = (property: string) =>
      once(new RegExp(`<meta property="og:${property}" content="(.*?)" />`, 'g'));
    return {
      canonical: once(/<link rel="canonical" href="(.*?)" \/>/g),
      type: og('type'),
      title: og('title'),
      description: og('description'),
      url: og('url'),
      siteName: og('site_name'),
      inHead: html.indexOf('og:url') < html.indexOf('</head>'),
    };
  };
  const htmlEscaped = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

  it("writes each content page's title and description into index.html", async () => {
    const sheet = SPEC_SHEETS[0];
    const item = ARTICLES[0];
    const category = ARTICLE_CATEGORIES[0];
    if (!sheet || !item || !category) throw new Error('No content');
    expect(await head(`/specs/${sheet.slug}`)).toMatchObject({
      title: htmlEscaped(`${sheet.title} · Adlane`),
      description: htmlEscaped(sheet.summary),
    });
    expect(await head(`/info/resources/${item.slug}`)).toMatchObject({
      title: htmlEscaped(`${item.title} · Adlane`),
      description: htmlEscaped(item.summary),
    });
    expect((await head('/specs')).title).toBe('Ad specifications · Adlane');
    expect((await head('/specs/')).title).toBe('Ad specifications · Adlane');
    expect((await head('/info/resources/')).title).toBe('Resource hub · Adlane');
    expect(await head(`/info/resources?category=${category.slug}`)).toMatchObject({
      title: `${htmlEscaped(category.name)} · Resource hub · Adlane`,
      description: htmlEscaped(category.description),
    });
    const design = await head('/info/ad-design-on-adlane/');
    expect(design.title).toBe(htmlEscaped(`${DESIGN_HELP.title} · Adlane`));
    expect(design.description).toBe(htmlEscaped(DESIGN_HELP.summary));
    for (const text of [sheet.title, item.summary]) expect(text).not.toMatch(/[<>]/);
  });

  it('gives each content page its canonical address and link-preview tags', async () => {
    const sheet = SPEC_SHEETS[0];
    const item = ARTICLES[0];
    const category = ARTICLE_CATEGORIES[0];
    if (!sheet || !item || !category) throw new Error('No content');
    expect(await previews(`/info/resources/${item.slug}`)).toEqual({
      canonical: `${ORIGIN}/info/resources/${item.slug}`,
      type: 'article',
      title: htmlEscaped(item.title),
      description: htmlEscaped(item.summary),
      url: `${ORIGIN}/info/resources/${item.slug}`,
      siteName: 'Adlane',
      inHead: true,
    });
    expect(await previews(`/specs/${sheet.slug}/`)).toMatchObject({
      canonical: `${ORIGIN}/specs/${sheet.slug}`,
      type: 'website',
      title: htmlEscaped(sheet.title),
      description: htmlEscaped(sheet.summary),
    });
    // Addresses as the SPA links them, whichever way the page was asked for.
    const canonicals: [string, string][] = [
      ['/specs/', '/specs'],
      ['/info/resources/', '/info/resources'],
      ['/info/ad-design-on-adlane', '/info/ad-design-on-adlane/'],
      [`/info/resources/?category=${category.slug}`, `/info/resources?category=${category.slug}`],
    ];
    for (const [asked, linked] of canonicals) {
      const page = await previews(asked);
      expect(page.canonical, asked).toBe(`${ORIGIN}${linked}`);
      expect(page.url, asked).toBe(`${ORIGIN}${linked}`);
      expect(page.type, asked).toBe('website');
    }
    expect((await previews(`/info/resources?category=${category.slug}`)).title).toBe(
      htmlEscaped(`${category.name} · Resource hub`),
    );
  });

  it('escapes the preview tags and replaces any that index.html already has', () => {
    const html = withHead(
      '<html><head><link rel="canonical" href="https://old.example/" /><meta property="og:title" content="Old" /><title>Old</title></head></html>',
      { path: '/specs/a?b=1&c=<2>', title: 'Bleed & "trim" <5 mm>', description: 'A & B', type: 'website' },
      { productName: 'Adlane', publicUrl: ORIGIN },
    );
    expect(html).not.toContain('old.example');
    expect(html).not.toContain('content="Old"');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/specs/a?b=1&amp;c=&lt;2&gt;" />`);
    expect(html).toContain(
      '<meta property="og:title" content="Bleed &amp; &quot;trim&quot; &lt;5 mm&gt;" />',
    );
    expect(html).toContain('<meta property="og:description" content="A &amp; B" />');
    expect(html.match(/rel="canonical"/g)).toHaveLength(1);
    expect(html.match(/og:title/g)).toHaveLength(1);
  });

  it('keeps the default head for unknown slugs and other pages, gzipped when asked', async () => {
    for (const url of [
      '/specs/nope',
      '/info/resources/nope',
      '/info/ad-design-on-other/',
      '/',
      '/shop/magazines',
    ]) {
      const page = await head(url);
      expect(page, url).toMatchObject({ title: 'Adlane: advertising', description: 'Default description.' });
      expect(page.html, url).not.toMatch(/rel="canonical"|property="og:/);
    }
    // A query that does not decode names no category: the hub's page, with the default head.
    const broken = await h.app.request('/info/resources?category=%E0%A4%A');
    expect(broken.status).toBe(200);
    expect(/<title>(.*?)<\/title>/.exec(await broken.text())?.[1]).toBe('Adlane: advertising');
    const zipped = await h.app.request(`/specs/${SPEC_SHEETS[0]?.slug}`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
  });
});
