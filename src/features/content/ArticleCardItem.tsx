import { Clock } from 'lucide-react';
import type { ArticleCard } from '../../api/content';
import { formatDay } from '../../lib/dates';
import { SiteLink } from '../../ui/SiteLink';

/** "4 min read · November 3, 2026" */
export const readingLine = (minutes: number, publishedAt: string) =>
  `${minutes} min read · ${formatDay(publishedAt)}`;

/**
 * An article in the hub's list: the whole card is clickable, through its title's link stretched over
 * it. The link is named by the title it shows (what voice control users say), not the whole card.
 */
export function ArticleCardItem({ article }: { article: ArticleCard }) {
  return (
    <article className="group relative flex h-full flex-col gap-3 rounded-2xl border border-primary-100 bg-white p-6 shadow-sm transition-shadow hover:border-primary-300 hover:shadow-md has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-500">
      <span className="self-start rounded-full bg-mint px-2.5 py-0.5 text-xs font-bold text-mint-700">
        {article.category.name}
      </span>
      <h3 className="font-display text-xl leading-snug font-bold text-primary-900 group-hover:text-primary-700">
        <SiteLink
          href={`/info/resources/${article.slug}`}
          className="outline-none after:absolute after:inset-0 after:rounded-2xl"
        >
          {article.title}
        </SiteLink>
      </h3>
      <p className="flex-1 text-ink-soft">{article.summary}</p>
      <p className="flex items-center gap-1.5 text-sm text-ink-muted">
        <Clock aria-hidden="true" className="size-4" />
        {readingLine(article.readingMinutes, article.publishedAt)}
      </p>
    </article>
  );
}
