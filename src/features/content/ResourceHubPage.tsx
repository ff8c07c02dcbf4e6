import { useEffect, useRef, useState } from 'react';
import { HUB_PAGE } from '../../../contract/contentPages';
import { type ArticleCard, type Connection, fetchMoreArticles, type ResourceHub } from '../../api/content';
import { Button } from '../../ui/Button';
import { PageMeta } from '../../ui/PageMeta';
import { SiteLink } from '../../ui/SiteLink';
import { ArticleCardItem } from './ArticleCardItem';
import { ContentHero } from './ContentHero';

const { title: HUB_TITLE, intro: HUB_INTRO } = HUB_PAGE;

export { HUB_TITLE };

const chip =
  'inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors';
const chipIdle = 'border-primary-100 bg-white text-ink-soft hover:border-primary-300 hover:text-primary-800';
const chipCurrent = 'border-primary bg-primary text-white';

/** /info/resources: the articles, newest first, by category, a page at a time. */
export function ResourceHubPage({ hub, category }: { hub: ResourceHub; category: string | undefined }) {
  const current = hub.categories.find((c) => c.slug === category);
  const total = hub.categories.reduce((sum, c) => sum + c.articleCount, 0);
  return (
    <div className="mx-auto flex max-w-page flex-col gap-8 px-4 py-8 tb:px-6 xl:px-10">
      <PageMeta
        title={current ? `${current.name} · ${HUB_TITLE}` : HUB_TITLE}
        description={current?.description ?? HUB_INTRO}
      />
      <ContentHero eyebrow="Resources" title={HUB_TITLE} intro={HUB_INTRO} />

      <nav aria-label="Categories">
        <ul className="flex flex-wrap gap-2">
          <li>
            <SiteLink
              href="/info/resources"
              aria-current={current ? undefined : 'page'}
              className={`${chip} ${current ? chipIdle : chipCurrent}`}
            >
              All articles <span className="opacity-70">{total}</span>
            </SiteLink>
          </li>
          {hub.categories.map((c) => (
            <li key={c.slug}>
              <SiteLink
                href={`/info/resources?category=${c.slug}`}
                aria-current={c.slug === current?.slug ? 'page' : undefined}
                className={`${chip} ${c.slug === current?.slug ? chipCurrent : chipIdle}`}
              >
                {c.name} <span className="opacity-70">{c.articleCount}</span>
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="hub-list-heading" className="flex flex-col gap-5">
        <div>
          <h2 id="hub-list-heading" className="font-display text-3xl font-bold text-primary-900">
            {current?.name ?? 'Latest articles'}
          </h2>
          {current ? <p className="mt-1 text-ink-soft">{current.description}</p> : null}
        </div>
        <ArticleList key={category ?? ''} first={hub.articles} category={current?.slug} />
      </section>
    </div>
  );
}

type More = { status: 'idle' | 'loading' } | { status: 'failed'; message: string };

/** The first page from the route, then "Show more" appends the next ones. */
function ArticleList({ first, category }: { first: Connection<ArticleCard>; category: string | undefined }) {
  const [pages, setPages] = useState<Connection<ArticleCard>[]>([first]);
  const [more, setMore] = useState<More>({ status: 'idle' });
  const articles = pages.flatMap((page) => page.nodes);
  const last = pages[pages.length - 1] ?? first;
  // After "Show more", focus goes to the first new article, so a keyboard user reads on from there.
  const list = useRef<HTMLUListElement>(null);
  const firstNew = useRef<number | null>(null);
  useEffect(() => {
    if (firstNew.current === null || pages.length < 2) return;
    list.current?.querySelectorAll('a')[firstNew.current]?.focus();
    firstNew.current = null;
  }, [pages]);

  const showMore = async () => {
    if (!last.pageInfo.endCursor) return;
    setMore({ status: 'loading' });
    try {
      const next = await fetchMoreArticles(category, last.pageInfo.endCursor);
      firstNew.current = articles.length;
      setPages((loaded) => [...loaded, next]);
      setMore({ status: 'idle' });
    } catch (error) {
      setMore({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  if (articles.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-6 text-ink-soft">No articles here yet. Try another category.</p>
    );
  }
  return (
    <>
      <ul ref={list} className="grid gap-5 tb:grid-cols-2 md:grid-cols-3">
        {articles.map((article) => (
          <li key={article.slug}>
            <ArticleCardItem article={article} />
          </li>
        ))}
      </ul>
      <div className="flex flex-col items-center gap-3">
        <p role="status" className="text-sm text-ink-muted">
          Showing {articles.length} of {first.totalCount} {first.totalCount === 1 ? 'article' : 'articles'}
        </p>
        {more.status === 'failed' ? (
          <p role="alert" className="text-sm font-semibold text-coral-700">
            {more.message}
          </p>
        ) : null}
        {last.pageInfo.hasNextPage ? (
          <Button
            variant="secondary"
            size="lg"
            inactive={more.status === 'loading'}
            onClick={() => void showMore()}
          >
            {more.status === 'loading'
              ? 'Loading…'
              : more.status === 'failed'
                ? 'Try again'
                : 'Show more articles'}
          </Button>
        ) : null}
      </div>
    </>
  );
}
