import { Await } from '@tanstack/react-router';
import { type ReactNode, Suspense, useState } from 'react';
import type { MediaSearchPage } from '../../api/media';
import { CHANNEL_LOOKS, type ChannelKey } from '../../lib/channels';
import type { ShopUrlSearch } from '../../lib/shopSearch';
import { PageMeta } from '../../ui/PageMeta';
import { ShopFilters } from './ShopFilters';
import { ShopResults, ShopResultsLoading } from './ShopResults';

export interface ShopPageProps {
  title: string;
  intro: string;
  channel: ChannelKey | null;
  chooseType: boolean;
  search: ShopUrlSearch;
  results: Promise<MediaSearchPage | undefined>;
  onChange: (next: ShopUrlSearch) => void;
  /** A section's own tools, between the filters and the placements (direct mail's quote). */
  extra?: ReactNode;
}

/** A shop listing: heading, filters, and the placements the API returns for them. */
export function ShopPage({
  title,
  intro,
  channel,
  chooseType,
  search,
  results,
  onChange,
  extra,
}: ShopPageProps) {
  const banner = channel ? CHANNEL_LOOKS[channel].banner : null;
  const [announcement, setAnnouncement] = useState('');
  return (
    <div className="mx-auto flex max-w-page flex-col gap-6 px-4 py-8 tb:px-6 xl:px-10">
      <PageMeta title={title} description={intro} />
      <header className="relative overflow-hidden rounded-3xl bg-primary-900 text-white">
        {banner ? (
          <img
            src={banner}
            alt=""
            className="fade-from-left absolute inset-y-0 right-0 hidden h-full w-1/2 object-cover opacity-90 tb:block"
          />
        ) : null}
        <div className="relative flex flex-col gap-3 px-6 py-8 tb:max-w-[60%] tb:px-10 tb:py-12">
          <p className="text-sm font-bold tracking-wider text-sunshine-300 uppercase">Shop</p>
          <h1 className="font-display text-4xl font-bold tb:text-5xl">{title}</h1>
          <p className="text-lg text-primary-100">{intro}</p>
        </div>
      </header>
      <ShopFilters search={search} chooseType={chooseType} onChange={onChange} />
      {extra}
      <section id="results" aria-labelledby="results-heading" className="scroll-mt-24">
        {/* The cards' titles are level 3: the list has its heading, for those who move by heading. */}
        <h2 id="results-heading" className="sr-only">
          Placements
        </h2>
        <p role="status" className="sr-only">
          {announcement}
        </p>
        <Suspense key={JSON.stringify(search)} fallback={<ShopResultsLoading announce={setAnnouncement} />}>
          <Await promise={results}>
            {(page) => (
              <ShopResults page={page} search={search} onChange={onChange} announce={setAnnouncement} />
            )}
          </Await>
        </Suspense>
      </section>
    </div>
  );
}
