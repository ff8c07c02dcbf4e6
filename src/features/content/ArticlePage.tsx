import { ArrowRight, Clock, FileText } from 'lucide-react';
import type { ArticleDetail } from '../../api/content';
import { CHANNEL_LOOKS } from '../../lib/channels';
import { Breadcrumb } from '../../ui/Breadcrumb';
import { ChannelIcon } from '../../ui/ChannelIcon';
import { PageMeta } from '../../ui/PageMeta';
import { SiteLink } from '../../ui/SiteLink';
import { readingLine } from './ArticleCardItem';
import { HUB_TITLE } from './ResourceHubPage';

/** /info/resources/{slug}: one article, with the specs it talks about and more from its category. */
export function ArticlePage({ article }: { article: ArticleDetail }) {
  const categoryPath = `/info/resources?category=${article.category.slug}`;
  const more = article.category.articles.nodes.filter((other) => other.slug !== article.slug).slice(0, 3);
  return (
    <div className="mx-auto flex max-w-page flex-col gap-6 px-4 py-8 tb:px-6 xl:px-10">
      <PageMeta title={article.title} description={article.summary} />
      <Breadcrumb
        trail={[
          { label: HUB_TITLE, href: '/info/resources' },
          { label: article.category.name, href: categoryPath },
        ]}
        current={article.title}
      />
      <div className="grid items-start gap-8 md:grid-cols-[minmax(0,1fr)_320px]">
        <article className="rounded-3xl border border-primary-100 bg-white p-6 shadow-sm tb:p-12">
          <header className="flex flex-col gap-4 border-b border-primary-100 pb-8">
            <SiteLink
              href={categoryPath}
              className="self-start rounded-full bg-mint px-3 py-1 text-sm font-bold text-mint-700 hover:underline"
            >
              {article.category.name}
            </SiteLink>
            <h1 className="font-display text-4xl leading-tight font-bold text-primary-900 tb:text-5xl">
              {article.title}
            </h1>
            <p className="text-xl text-ink-soft">{article.summary}</p>
            <p className="flex items-center gap-1.5 text-sm text-ink-muted">
              <Clock aria-hidden="true" className="size-4" />
              {readingLine(article.readingMinutes, article.publishedAt)}
            </p>
          </header>
          <div className="mt-8 flex max-w-prose flex-col gap-5 text-lg leading-relaxed text-ink-soft">
            {article.body.map((section, i) => (
              <section key={section.heading ?? `part-${i}`} className="flex flex-col gap-4">
                {section.heading ? (
                  <h2 className="mt-2 font-display text-2xl font-bold text-primary-900">{section.heading}</h2>
                ) : null}
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph.slice(0, 48)}>{paragraph}</p>
                ))}
              </section>
            ))}
          </div>
        </article>

        <aside aria-label="Related" className="flex flex-col gap-6 md:sticky md:top-24">
          {article.relatedSpecSheets.length > 0 ? (
            <section
              aria-labelledby="related-specs"
              className="rounded-3xl border border-primary-100 bg-white p-6"
            >
              <h2 id="related-specs" className="font-display text-xl font-bold text-primary-900">
                Specs for these placements
              </h2>
              <ul className="mt-3 flex flex-col gap-1">
                {article.relatedSpecSheets.map((sheet) => (
                  <li key={sheet.slug}>
                    <SiteLink
                      href={`/specs/${sheet.slug}`}
                      className="flex items-center gap-2 rounded-xl px-2 py-2 font-semibold text-ink hover:bg-primary-50"
                    >
                      <span className={`look-text ${CHANNEL_LOOKS[sheet.mediaType].className}`}>
                        <ChannelIcon channel={sheet.mediaType} className="size-4" />
                      </span>
                      {sheet.title}
                    </SiteLink>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {more.length > 0 ? (
            <section aria-labelledby="more-in-category" className="rounded-3xl bg-primary-900 p-6 text-white">
              <h2 id="more-in-category" className="font-display text-xl font-bold">
                More in {article.category.name}
              </h2>
              <ul className="mt-3 flex flex-col gap-3">
                {more.map((other) => (
                  <li key={other.slug}>
                    <SiteLink
                      href={`/info/resources/${other.slug}`}
                      className="flex items-start gap-2 font-semibold hover:underline"
                    >
                      <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sunshine-300" />
                      <span>
                        {other.title}
                        <span className="block text-sm font-normal text-primary-100">
                          {other.readingMinutes} min read
                        </span>
                      </span>
                    </SiteLink>
                  </li>
                ))}
              </ul>
              <SiteLink
                href={categoryPath}
                className="mt-4 inline-flex items-center gap-1 text-sm font-bold text-sunshine-300 hover:underline"
              >
                All {article.category.name.toLowerCase()} articles
                <ArrowRight aria-hidden="true" className="size-4" />
              </SiteLink>
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
