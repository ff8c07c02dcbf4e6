import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { selectPagedListStatus, selectPages, selectPagesError } from '../../machines/pages/pagedList.machine';
import type { ArticleCard, Connection } from '../../src/api/content';
import { articlePagesLogic } from '../../src/system/articles';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

const article = (slug: string): ArticleCard => ({
  slug,
  title: slug,
  summary: `About ${slug}`,
  readingMinutes: 3,
  publishedAt: '2027-01-04',
  category: { slug: 'creative', name: 'Creative' },
});
const page = (slugs: string[], endCursor: string | null, hasNextPage: boolean): Connection<ArticleCard> => ({
  nodes: slugs.map(article),
  totalCount: 7,
  pageInfo: { endCursor, hasNextPage },
});

function start(first: Connection<ArticleCard>, { category }: { category: string | undefined }) {
  const content = heldCalls<[string | undefined, string], Connection<ArticleCard>>();
  const actor = createActor(articlePagesLogic(category, { fetchMoreArticles: content.call }), {
    input: { first },
  }).start();
  const slugs = () => selectPages(actor.getSnapshot()).flatMap((p) => p.nodes.map((n) => n.slug));
  const status = () => selectPagedListStatus(actor.getSnapshot());
  const error = () => selectPagesError(actor.getSnapshot());
  const more = () => actor.send({ type: 'pages.more' });
  return { content, slugs, status, error, more };
}

describe('“Show more” (machines/pages), the resource hub’s articles', () => {
  it('adds the next page after the ones shown, asked after the last page’s cursor, one at a time', async () => {
    const { content, slugs, status, more } = start(page(['a', 'b', 'c'], 'c3', true), {
      category: 'creative',
    });
    expect(status()).toBe('more');
    more();
    more();
    expect(status()).toBe('loading');
    expect(content.asked()).toEqual([['creative', 'c3']]);
    content.nth(0).answer(page(['d', 'e', 'f'], 'c6', true));
    await flush();
    expect(status()).toBe('more');
    expect(slugs()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('keeps every page shown when the next fails, says why, and Try again asks for the same page', async () => {
    const { content, slugs, status, error, more } = start(page(['a', 'b', 'c'], 'c3', true), {
      category: undefined,
    });
    more();
    content.nth(0).answer(page(['d', 'e', 'f'], 'c6', true));
    await flush();
    more();
    content.nth(1).fail(new Error('The articles are unavailable right now.'));
    await flush();
    expect(status()).toBe('failed');
    expect(error()).toBe('The articles are unavailable right now.');
    expect(slugs()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);

    more();
    expect(status()).toBe('loading');
    // All articles (no category), the failed page asked again.
    expect(content.asked()).toEqual([
      [undefined, 'c3'],
      [undefined, 'c6'],
      [undefined, 'c6'],
    ]);
    content.nth(2).answer(page(['g'], 'c7', false));
    await flush();
    expect(error()).toBe(null);
    expect(slugs()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(status()).toBe('complete');
    more();
    expect(content.calls).toHaveLength(3);
  });

  it('asks nothing when the first page is the last, or has no cursor to go on from', () => {
    for (const first of [page(['a'], 'c1', false), page(['a'], null, true)]) {
      const { content, status, more } = start(first, { category: 'creative' });
      expect(status()).toBe('complete');
      more();
      expect(content.calls).toEqual([]);
    }
  });
});
