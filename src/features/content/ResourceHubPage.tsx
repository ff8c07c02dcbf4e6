import { useCallback, useRef } from 'react';
import { createActor } from 'xstate';
import { HUB_PAGE } from '../../../contract/contentPages';
import type { ArticleCard, Connection, ResourceHub } from '../../api/content';
import { useApp } from '../../system/AppContext';
import { articlePagesLogic } from '../../system/articles';
import { usePagedListStatus, usePages, usePagesError } from '../../system/hooks/request';
import { useFlowActor } from '../../system/hooks/useFlowActor';
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
              All articles <span className="opacity-80">{total}</span>
            </SiteLink>
          </li>
          {hub.categories.map((c) => (
            <li key={c.slug}>
              <SiteLink
                href={`/info/resources?category=${c.slug}`}
                aria-current={c.slug === current?.slug ? 'page' : undefined}
                className={`${chip} ${c.slug === current?.slug ? chipCurrent : chipIdle}`}
              >
                {c.name} <span className="opacity-80">{c.articleCount}</span>
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

/** The first page from the route, then "Show more" appends the next ones (machines/pages). */
function ArticleList({ first, category }: { first: Connection<ArticleCard>; category: string | undefined }) {
  // The page does not wait for the app: without it yet, the list's actor has no inspector.
  const app = useApp();
  const pagesActor = useFlowActor(() =>
    createActor(articlePagesLogic(category), { ...app?.actorOptions, input: { first } }),
  );
  const pages = usePages(pagesActor);
  const status = usePagedListStatus(pagesActor);
  const failure = usePagesError(pagesActor);
  const articles = pages.flatMap((page) => page.nodes);
  // After "Show more", focus goes to the first new article, so a keyboard user reads on from there.
  // A new callback with each page, so React hands it the list again.
  const pagesFocused = useRef(pages.length);
  const list = useCallback(
    (element: HTMLUListElement | null) => {
      if (!element || pages.length <= pagesFocused.current) return;
      const firstNew = pages
        .slice(0, pagesFocused.current)
        .reduce((count, page) => count + page.nodes.length, 0);
      pagesFocused.current = pages.length;
      element.querySelectorAll('a')[firstNew]?.focus();
    },
    [pages],
  );

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
        {status === 'failed' ? (
          <p role="alert" className="text-sm font-semibold text-coral-700">
            {failure}
          </p>
        ) : null}
        {status === 'complete' ? null : (
          <Button
            variant="secondary"
            size="lg"
            inactive={status === 'loading'}
            onClick={() => pagesActor.send({ type: 'pages.more' })}
          >
            {status === 'loading' ? 'Loading…' : status === 'failed' ? 'Try again' : 'Show more articles'}
          </Button>
        )}
      </div>
    </>
  );
}
