import { Await, useNavigate } from '@tanstack/react-router';
import { BadgeCheck, CalendarCheck, MapPinned, Tags } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { formatCount } from '../../../contract/money';
import { config } from '../../config';
import { useIsSignedIn } from '../../system/hooks/session';
import { PageMeta } from '../../ui/PageMeta';
import { ZipOrMarketPicker } from '../location/ZipOrMarketPicker';
import { shopSearchForZip } from '../shop/shopRoute';
import { MediaTypeTiles } from './MediaTypeTiles';

// Only customers we know see it: visitors never load its code.
const KnownHome = lazy(() => import('./KnownHome').then((module) => ({ default: module.KnownHome })));

const STEPS = [
  {
    icon: MapPinned,
    title: 'Pick a place',
    text: 'Type a zip code or a city. We show what runs there, from the corner gym to the evening news.',
  },
  {
    icon: Tags,
    title: 'Compare real prices',
    text: 'Every placement shows its reach, its dates and its price up front. No calls, no haggling.',
  },
  {
    icon: CalendarCheck,
    title: 'Book and relax',
    text: 'Check out online, upload your ad or have our studio design it, and track it in your dashboard.',
  },
];

function TrustedBy({ totalCompanies }: { totalCompanies: Promise<number | null> }) {
  const fallback = <span>Trusted by local businesses across the US</span>;
  return (
    <p className="flex items-center gap-2 text-sm font-semibold text-primary-800">
      <BadgeCheck aria-hidden="true" className="size-5 text-mint-500" />
      <Suspense fallback={fallback}>
        <Await promise={totalCompanies}>
          {(total) =>
            total ? <span>Trusted by {formatCount(total)} companies across the US</span> : fallback
          }
        </Await>
      </Suspense>
    </p>
  );
}

export function HomePage({ totalCompanies }: { totalCompanies: Promise<number | null> }) {
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  return (
    <>
      <PageMeta />
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute -top-32 -right-24 size-[28rem] rounded-full bg-sunshine/25 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="absolute top-40 -left-32 size-[24rem] rounded-full bg-primary-200/40 blur-3xl"
        />
        <div className="relative mx-auto flex max-w-page flex-col items-start gap-6 px-4 pt-14 pb-12 tb:px-6 md:pt-20 xl:px-10">
          <p className="rounded-full bg-white/80 px-3 py-1 text-sm font-bold text-primary-700 shadow-sm">
            Magazines · TV · Streaming · Screens · Online · Mail · E-mail
          </p>
          <h1 className="max-w-4xl font-display text-4xl leading-[1.05] font-bold text-primary-900 tb:text-6xl">
            Advertise where your customers are,{' '}
            <span className="text-coral-600">one zip code at a time.</span>
          </h1>
          <p className="max-w-2xl text-lg text-ink-soft tb:text-xl">
            {config.productName} is the marketplace for local advertising: compare real placements in your
            market, see the price up front, and book online.
          </p>
          <div className="w-full max-w-3xl rounded-2xl bg-white/70 p-3 shadow-lg shadow-primary-900/5 backdrop-blur">
            <h2 className="px-1 pb-2 text-sm font-bold text-ink-soft">Where do you want to advertise?</h2>
            <ZipOrMarketPicker
              submitLabel="Find placements"
              preferredMarket
              onPick={(place) => void navigate({ to: '/shop', search: shopSearchForZip(place.zip) })}
            />
          </div>
          <TrustedBy totalCompanies={totalCompanies} />
        </div>
      </section>

      {signedIn ? (
        <Suspense fallback={null}>
          <KnownHome />
        </Suspense>
      ) : null}

      <section aria-labelledby="media-heading" className="mx-auto max-w-page px-4 pb-16 tb:px-6 xl:px-10">
        <div className="mb-6 flex flex-col gap-2">
          <h2 id="media-heading" className="font-display text-3xl font-bold text-primary-900">
            Every kind of media, one cart
          </h2>
          <p className="max-w-2xl text-ink-soft">Choose a channel to see what is available in your market.</p>
        </div>
        <MediaTypeTiles />
      </section>

      <section aria-labelledby="how-heading" className="bg-white/60">
        <div className="mx-auto max-w-page px-4 py-16 tb:px-6 xl:px-10">
          <h2 id="how-heading" className="mb-8 font-display text-3xl font-bold text-primary-900">
            How it works
          </h2>
          <ol className="grid gap-6 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li
                key={step.title}
                className="flex flex-col gap-3 rounded-2xl border border-primary-100 bg-white p-6 shadow-sm"
              >
                <span className="inline-flex size-12 items-center justify-center rounded-xl bg-primary-50 text-primary">
                  <step.icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="text-lg font-extrabold text-ink">
                  <span className="text-coral-600">{index + 1}.</span> {step.title}
                </h3>
                <p className="text-ink-soft">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
