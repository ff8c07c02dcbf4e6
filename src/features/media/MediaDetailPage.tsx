import { MapPin, UsersRound } from 'lucide-react';
import type { Demographics, MarketDetails, Poi } from '../../../contract/market';
import type { Media } from '../../../contract/media';
import { formatCount, formatUsd } from '../../../contract/money';
import type { Availability } from '../../../contract/quote';
import { CHANNEL_LOOKS, channelKey, channelLabel } from '../../lib/channels';
import { formatIssue, formatStartDate } from '../../lib/dates';
import { Breadcrumb } from '../../ui/Breadcrumb';
import { ChannelIcon } from '../../ui/ChannelIcon';
import { PageMeta } from '../../ui/PageMeta';
import type { ShopSection } from '../shop/sections';
import { AudienceSection } from './AudienceSection';
import { DetailSection } from './DetailSection';
import { MarketSection, PlacesList } from './MarketSection';
import { QuotePanel } from './QuotePanel';

export interface MediaDetailData {
  media: Media;
  availability: Promise<Availability>;
  /** Null for national placements (e-mail lists, design work): they have no market. */
  market: {
    demographics: Promise<Demographics>;
    details: Promise<MarketDetails>;
    poi: Promise<Poi[]>;
  } | null;
}

/**
 * A placement: what it is and where, its audience and market, and its dates, quantity and price.
 * Its route counts the view (view_item) and gives each placement a page of its own (a key).
 */
export function MediaDetailPage({ data, section }: { data: MediaDetailData; section: ShopSection }) {
  const { media } = data;
  const { mediacode } = media;
  const channel = channelKey(media.media_type, media.partner);
  const look = CHANNEL_LOOKS[channel];

  const when = media.issue
    ? `Next issue: ${formatIssue(media.issue)}`
    : media.date_start
      ? `From ${formatStartDate(media.date_start)}`
      : null;

  return (
    <div className="mx-auto flex max-w-page flex-col gap-6 px-4 py-8 tb:px-6 xl:px-10">
      <PageMeta title={media.name} description={media.description} />
      <Breadcrumb
        trail={[
          { label: 'Shop', href: '/shop' },
          { label: section.title, href: `/shop/${section.slug}` },
        ]}
        current={media.name}
      />

      <header className="grid overflow-hidden rounded-3xl border border-primary-100 bg-white shadow-sm md:grid-cols-[1.1fr_1fr]">
        <div className="relative min-h-56">
          <img src={media.image} alt="" className="absolute inset-0 size-full object-cover" />
          <div aria-hidden="true" className={`absolute inset-0 look-overlay ${look.className}`} />
          <span className="absolute top-4 left-4 inline-flex items-center gap-1.5 rounded-full bg-white/95 px-3 py-1 text-sm font-bold text-ink">
            <span className={`look-text ${look.className}`}>
              <ChannelIcon channel={channel} className="size-4" />
            </span>
            {channelLabel(channel)}
          </span>
        </div>
        <div className="flex flex-col gap-3 p-6 tb:p-8">
          <h1 className="font-display text-3xl leading-tight font-bold text-primary-900 tb:text-4xl">
            {media.name}
          </h1>
          <p className="flex items-center gap-2 font-semibold text-ink-soft">
            <MapPin aria-hidden="true" className="size-4" />
            {media.market}
          </p>
          <p className="text-ink-soft">{media.description}</p>
          <dl className="mt-2 grid grid-cols-2 gap-3">
            <div>
              <dt className="text-xs font-bold tracking-wide text-ink-muted uppercase">Price</dt>
              <dd className="text-2xl font-extrabold text-primary-900">
                {formatUsd(media.unit_price)}{' '}
                <span className="text-sm font-medium text-ink-muted">{media.unit_label}</span>
              </dd>
            </div>
            {media.reach > 0 ? (
              <div>
                <dt className="text-xs font-bold tracking-wide text-ink-muted uppercase">Reach</dt>
                <dd className="flex items-center gap-1 text-lg font-bold text-ink">
                  <UsersRound aria-hidden="true" className="size-4 text-ink-muted" />
                  {formatCount(media.reach)}{' '}
                  <span className="text-sm font-medium text-ink-muted">{media.reach_label}</span>
                </dd>
              </div>
            ) : null}
          </dl>
          {when ? <p className="text-sm text-ink-muted">{when}</p> : null}
        </div>
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-[1.2fr_1fr]">
        <DetailSection
          id="quote"
          title="Dates, quantity and price"
          intro="Prices come from Adlane's rate card for this placement."
          promise={data.availability}
          needsApp
        >
          {(availability) => <QuotePanel key={mediacode} media={media} availability={availability} />}
        </DetailSection>
        <div className="flex flex-col gap-6">
          {data.market ? (
            <>
              <DetailSection
                id="audience"
                title="Audience"
                intro={`Who lives in the ${media.market} market.`}
                promise={data.market.demographics}
              >
                {(demographics) => <AudienceSection demographics={demographics} />}
              </DetailSection>
              <DetailSection id="market" title="Market" promise={data.market.details} needsApp>
                {(details) => (
                  <MarketSection details={details} mediacode={media.mediacode} mediaType={media.media_type} />
                )}
              </DetailSection>
              <DetailSection
                id="places"
                title={media.media_type === 'dooh' ? 'Screens and venues' : 'Places reached'}
                promise={data.market.poi}
              >
                {(poi) => <PlacesList poi={poi} />}
              </DetailSection>
            </>
          ) : (
            <section className="rounded-3xl border border-primary-100 bg-white p-6 shadow-sm">
              <h2 className="font-display text-2xl font-bold text-primary-900">Nationwide</h2>
              <p className="mt-2 text-ink-soft">
                This placement is not tied to a market: it reaches its audience wherever they live.
              </p>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
