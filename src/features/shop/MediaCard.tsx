import { CalendarDays, MapPin, UsersRound } from 'lucide-react';
import type { Media } from '../../../contract/media';
import { formatCount, formatUsd } from '../../../contract/money';
import { CHANNEL_LOOKS, channelKey, channelLabel } from '../../lib/channels';
import { formatIssue, formatStartDate } from '../../lib/dates';
import { ChannelIcon } from '../../ui/ChannelIcon';
import { SiteLink } from '../../ui/SiteLink';
import { mediaPath } from './sections';

/**
 * One placement in a shop listing: what it is, where, when, how many it reaches and what it costs.
 * `firstRow`: on screen as the page opens, so its picture loads at once; `first`: the first card's
 * picture goes ahead of the rest (on a phone it is the largest thing on the screen).
 */
export function MediaCard({
  media,
  firstRow = false,
  first = false,
}: {
  media: Media;
  firstRow?: boolean;
  first?: boolean;
}) {
  const channel = channelKey(media.media_type, media.partner);
  const look = CHANNEL_LOOKS[channel];
  const when = media.issue
    ? `Issue: ${formatIssue(media.issue)}`
    : media.date_start
      ? `Starts ${formatStartDate(media.date_start)}`
      : null;
  return (
    <article
      aria-labelledby={`media-${media.mediacode}`}
      className="group relative flex flex-col overflow-hidden rounded-2xl border border-primary-100 bg-white shadow-sm transition-shadow hover:shadow-lg hover:shadow-primary-900/10"
    >
      <div className="relative aspect-[16/9] overflow-hidden">
        <img
          src={media.image}
          alt=""
          loading={firstRow ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          width={640}
          height={400}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
        <div aria-hidden="true" className={`absolute inset-0 look-overlay ${look.className}`} />
        <span className="absolute top-3 left-3 inline-flex items-center gap-1.5 rounded-full bg-white/95 px-2.5 py-1 text-xs font-bold text-ink shadow-sm">
          <span className={`look-text ${look.className}`}>
            <ChannelIcon channel={channel} className="size-4" />
          </span>
          {channelLabel(channel)}
          {media.partner === 'groundtruth' ? ' · GroundTruth' : media.partner === 'google' ? ' · Google' : ''}
        </span>
        <p className="absolute right-3 bottom-2 left-3 flex items-center gap-1 truncate text-sm font-semibold text-white drop-shadow">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{media.market}</span>
        </p>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 id={`media-${media.mediacode}`} className="text-lg leading-snug font-bold text-ink">
          {/* The whole card is the link's target area; the name is the link's text. */}
          <SiteLink href={mediaPath(media)} className="after:absolute after:inset-0 hover:text-primary-700">
            {media.name}
          </SiteLink>
        </h3>
        <dl className="flex flex-col gap-1.5 text-sm text-ink-soft">
          {when ? (
            <div className="flex items-center gap-2">
              <dt className="sr-only">Date</dt>
              <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
              <dd>{when}</dd>
            </div>
          ) : null}
          {media.reach > 0 ? (
            <div className="flex items-center gap-2">
              <dt className="sr-only">Reach</dt>
              <UsersRound aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
              <dd>
                {formatCount(media.reach)} {media.reach_label}
              </dd>
            </div>
          ) : null}
        </dl>
        <p className="mt-auto flex items-baseline gap-1.5 border-t border-primary-50 pt-3">
          <span className="text-xl font-extrabold text-primary-900">{formatUsd(media.unit_price)}</span>
          <span className="text-sm text-ink-muted">{media.unit_label}</span>
        </p>
      </div>
    </article>
  );
}

export function MediaCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex flex-col overflow-hidden rounded-2xl border border-primary-100 bg-white"
    >
      <div className="aspect-[16/9] animate-pulse bg-primary-50 motion-reduce:animate-none" />
      <div className="flex flex-col gap-3 p-4">
        <div className="h-5 w-3/4 animate-pulse rounded bg-primary-50 motion-reduce:animate-none" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-primary-50 motion-reduce:animate-none" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-primary-50 motion-reduce:animate-none" />
        <div className="mt-2 h-6 w-1/3 animate-pulse rounded bg-primary-50 motion-reduce:animate-none" />
      </div>
    </div>
  );
}
