import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../src/api/result';

/*
 * src/system's session, shop, storefront and content calls turn the adapters' Results into what the
 * machines and routes take: the data (out of its wrapper), or the error, null or nothing each
 * expects. The adapters are replaced by one that answers `answer` (or rejects, when it is an Error).
 */
let answer: Result<unknown> | (Result<unknown> & { removedFrom: string }) | Error;
const adapter = () =>
  vi.fn(async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
vi.mock('../../src/api/auth', () => ({
  refreshLogin: adapter(),
  createSession: adapter(),
  fetchMe: adapter(),
  logout: adapter(),
}));
vi.mock('../../src/api/media', () => ({ searchMedia: adapter(), fetchMedia: adapter() }));
vi.mock('../../src/api/ui', () => ({ fetchUiStats: adapter(), fetchCompanyFacts: adapter() }));
vi.mock('../../src/api/content', () => ({
  fetchSpecSheets: adapter(),
  fetchSpecSheet: adapter(),
  fetchResourceHub: adapter(),
  fetchMoreArticles: adapter(),
  fetchArticle: adapter(),
  fetchDesignHelp: adapter(),
}));
const { sessionCalls } = await import('../../src/system/sessionCalls');
const { AccessRemoved } = await import('../../src/system/accessRemoved');
const { mediaCalls } = await import('../../src/system/mediaCalls');
const { uiCalls } = await import('../../src/system/uiCalls');
const { contentCalls, ContentNotFound } = await import('../../src/system/contentCalls');

const refused = (status: number, message: string): Result<never> => ({
  ok: false,
  message,
  fieldErrors: {},
  status,
});
const answered = (data: unknown): Result<unknown> => ({ ok: true, data, message: '' });
const failureOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => 'no failure',
    (error: unknown) => error,
  );

let logged: unknown[][];
beforeEach(() => {
  logged = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(args);
  });
});
afterEach(() => vi.restoreAllMocks());

describe("the session's calls", () => {
  it('a refresh refused because the person was removed from a team is AccessRemoved, naming the company', async () => {
    answer = { ...refused(401, 'Your access to Harbor Dental was removed.'), removedFrom: 'Harbor Dental' };
    const failed = await failureOf(sessionCalls.refreshLogin('refresh-1'));
    expect(failed).toBeInstanceOf(AccessRemoved);
    expect(failed).toMatchObject({
      company: 'Harbor Dental',
      message: 'Your access to Harbor Dental was removed.',
    });
  });

  it.each(['refreshLogin', 'createSession', 'fetchMe'] as const)(
    '%s: a refusal is an Error with the API’s sentence, or "The request failed." without one',
    async (name) => {
      const run = (): Promise<unknown> =>
        name === 'refreshLogin'
          ? sessionCalls.refreshLogin('refresh-1')
          : name === 'createSession'
            ? sessionCalls.createSession('?hydrate=1&code=abc')
            : sessionCalls.fetchMe(null);
      answer = refused(410, 'This link has expired.');
      const failed = await failureOf(run());
      expect(failed).toBeInstanceOf(Error);
      expect(failed).not.toBeInstanceOf(AccessRemoved);
      expect((failed as Error).message).toBe('This link has expired.');
      answer = refused(500, '');
      expect(((await failureOf(run())) as Error).message).toBe('The request failed.');
      answer = answered({ uuid: 'u-1' });
      expect(await run()).toEqual({ uuid: 'u-1' });
    },
  );

  it('a sign-out goes on whatever the API answers', async () => {
    answer = refused(401, 'Unauthenticated.');
    await expect(sessionCalls.logout()).resolves.toBeUndefined();
    answer = answered(null);
    await expect(sessionCalls.logout()).resolves.toBeUndefined();
  });
});

describe("the shop's calls", () => {
  it('a failed search is logged and answers nothing (SPEC section 8); a search that worked, its page', async () => {
    const params = { mediaTypes: ['all'], lifestyle: 'all', zips: [] };
    answer = refused(422, 'There is no zip code 99999.');
    expect(await mediaCalls.searchMedia(params)).toBeUndefined();
    answer = refused(500, '');
    expect(await mediaCalls.searchMedia(params)).toBeUndefined();
    answer = new Error('Network Error');
    expect(await mediaCalls.searchMedia(params)).toBeUndefined();
    expect(logged.map(([what, error]) => [what, (error as Error).message])).toEqual([
      ['Error searching media:', 'There is no zip code 99999.'],
      ['Error searching media:', 'Error searching media'],
      ['Error searching media:', 'Network Error'],
    ]);
    answer = answered({ items: [], total: 0 });
    expect(await mediaCalls.searchMedia(params)).toEqual({ items: [], total: 0 });
  });

  it.each([404, 400])('a placement the API has none of (%i) is null', async (status) => {
    answer = refused(status, 'Not found.');
    expect(await mediaCalls.fetchMedia('PM-1')).toBeNull();
  });

  it('any other failure to read a placement is "Error fetching media", with the API’s reason as cause', async () => {
    answer = refused(500, 'The catalogue is being updated.');
    const failed = await failureOf(mediaCalls.fetchMedia('PM-1'));
    expect((failed as Error).message).toBe('Error fetching media');
    expect((failed as Error).cause).toEqual({ message: 'The catalogue is being updated.' });
    answer = answered({ mediacode: 'PM-1' });
    expect(await mediaCalls.fetchMedia('PM-1')).toEqual({ mediacode: 'PM-1' });
  });
});

describe("the storefront's decoration", () => {
  it('the count of companies, or "Error fetching total companies"', async () => {
    answer = answered({ total_companies: 1234 });
    expect(await uiCalls.fetchTotalCompanies()).toBe(1234);
    answer = refused(500, 'Down.');
    expect(((await failureOf(uiCalls.fetchTotalCompanies())) as Error).message).toBe(
      'Error fetching total companies',
    );
  });

  it('who runs the product, or null when the API did not say or could not be reached', async () => {
    answer = answered({ name: 'Adlane Inc.' });
    expect(await uiCalls.fetchCompanyFacts()).toEqual({ name: 'Adlane Inc.' });
    answer = refused(404, 'Not found.');
    expect(await uiCalls.fetchCompanyFacts()).toBeNull();
    answer = new Error('Network Error');
    expect(await uiCalls.fetchCompanyFacts()).toBeNull();
  });
});

const UNAVAILABLE = 'We couldn’t load this page’s content. Check your connection and try again.';

/** Each content call with what it is called with, and the field the query wraps its data in. */
const CONTENT: Array<[name: keyof typeof contentCalls, run: () => Promise<unknown>, wrappedIn?: string]> = [
  ['fetchSpecSheets', () => contentCalls.fetchSpecSheets()],
  ['fetchSpecSheet', () => contentCalls.fetchSpecSheet('linear-tv-spots'), 'specSheet'],
  ['fetchMoreArticles', () => contentCalls.fetchMoreArticles(undefined, 'cursor-9'), 'articles'],
  ['fetchArticle', () => contentCalls.fetchArticle('reach-locally'), 'article'],
  ['fetchDesignHelp', () => contentCalls.fetchDesignHelp(), 'designHelp'],
];

describe('the content calls', () => {
  it('covers every call it offers (the resource hub apart, below)', () => {
    expect(Object.keys(contentCalls).sort()).toEqual(
      [...CONTENT.map(([name]) => name), 'fetchResourceHub'].sort(),
    );
  });

  it.each(CONTENT)('%s: an unknown slug (404) is ContentNotFound with the API’s sentence', async (_, run) => {
    answer = refused(404, 'No spec sheet has the slug "nope".');
    const failed = await failureOf(run());
    expect(failed).toBeInstanceOf(ContentNotFound);
    expect((failed as Error).message).toBe('No spec sheet has the slug "nope".');
    expect(logged).toEqual([]);
  });

  it.each(CONTENT)('%s: any other failure is logged and said in a person’s words', async (_, run) => {
    answer = refused(502, 'Something broke.');
    const refusal = await failureOf(run());
    expect((refusal as Error).message).toBe(UNAVAILABLE);
    expect((refusal as Error).cause).toEqual({ message: 'Something broke.' });
    const unreachable = new Error('Failed to fetch');
    answer = unreachable;
    const noAnswer = await failureOf(run());
    expect((noAnswer as Error).message).toBe(UNAVAILABLE);
    expect((noAnswer as Error).cause).toBe(unreachable);
    expect(logged).toEqual([
      ['Error fetching content:', refused(502, 'Something broke.')],
      ['Error fetching content:', unreachable],
    ]);
  });

  it.each(CONTENT)('%s: an answer is its data, taken out of its wrapper', async (_, run, wrappedIn) => {
    const data = { slug: 'some' };
    answer = answered(wrappedIn ? { [wrappedIn]: data } : data);
    expect(await run()).toEqual(data);
  });

  it('the resource hub: its categories and first articles, by the names the page reads', async () => {
    const articles = { nodes: [], totalCount: 0, pageInfo: { hasNextPage: false, endCursor: null } };
    answer = answered({ articleCategories: [{ slug: 'basics' }], articles });
    expect(await contentCalls.fetchResourceHub(undefined)).toEqual({
      categories: [{ slug: 'basics' }],
      articles,
    });
    answer = refused(404, 'No category has the slug "nope".');
    expect(await failureOf(contentCalls.fetchResourceHub('nope'))).toBeInstanceOf(ContentNotFound);
  });
});
