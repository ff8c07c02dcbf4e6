import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { ChevronDown } from 'lucide-react';
import { createActor } from 'xstate';
import type { MarketDetails, Poi } from '../../../contract/market';
import type { MediaType } from '../../../contract/mediaTypes';
import { formatCount } from '../../../contract/money';
import { useLoadedApp } from '../../system/AppContext';
import {
  type RequestActor,
  useRequestData,
  useRequestError,
  useRequestStatus,
} from '../../system/hooks/request';
import { useFlowActor } from '../../system/hooks/useFlowActor';
import { type MarketKey, marketZipsLogic } from '../../system/market';
import { MarketMap } from './MarketMap';
import { poiDetail } from './poiWords';

/** GET /market/details: the market's size and its largest places. */
export function MarketSection({
  details,
  mediacode,
  mediaType,
}: {
  details: MarketDetails;
  mediacode: string;
  mediaType: MediaType;
}) {
  return (
    <div className="flex flex-col gap-5">
      <MarketMap prodcode={details.prodcode} mediacode={mediacode} mediaType={mediaType} />
      <p className="text-ink-soft">
        <strong className="text-ink">{details.name}</strong> covers {formatCount(details.zip_count)} zip codes
        and {formatCount(details.households)} households.
      </p>
      <table className="w-full text-sm">
        <caption className="sr-only">Largest places in the market</caption>
        <thead>
          <tr className="border-b border-primary-100 text-left text-xs tracking-wide text-ink-muted uppercase">
            <th scope="col" className="py-2 font-bold">
              Place
            </th>
            <th scope="col" className="py-2 text-right font-bold">
              Zip codes
            </th>
          </tr>
        </thead>
        <tbody>
          {details.cities.map((city) => (
            <tr key={`${city.name}-${city.state}`} className="border-b border-primary-50">
              <td className="py-2 text-ink">
                {city.name}, {city.state}
              </td>
              <td className="py-2 text-right text-ink-soft tabular-nums">{city.zip_count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ZipList prodcode={details.prodcode} mediacode={mediacode} count={details.zip_count} />
    </div>
  );
}

/** The market's zip codes (zips_expanded), asked the first time someone opens the list and kept after. */
function ZipList({ prodcode, mediacode, count }: { prodcode: string; mediacode: string; count: number }) {
  const app = useLoadedApp();
  const zips = useFlowActor(() =>
    createActor(marketZipsLogic(), { ...app.actorOptions, input: { key: null } }),
  );
  return (
    <Disclosure>
      <DisclosureButton
        onClick={() => zips.send({ type: 'request.keyChanged', key: { prodcode, mediacode } })}
        className="inline-flex items-center gap-2 self-start rounded-lg font-semibold text-primary-700 hover:underline"
      >
        Show all {formatCount(count)} zip codes
        <ChevronDown aria-hidden="true" className="size-4 transition-transform in-data-open:rotate-180" />
      </DisclosureButton>
      <DisclosurePanel>
        <ZipCodes zips={zips} />
      </DisclosurePanel>
    </Disclosure>
  );
}

function ZipCodes({ zips }: { zips: RequestActor<MarketKey, string[]> }) {
  const status = useRequestStatus(zips);
  const codes = useRequestData(zips);
  const failure = useRequestError(zips);
  if (status === 'failed')
    return (
      <p role="alert" className="flex flex-wrap items-center gap-2 text-sm font-semibold text-coral-700">
        {failure}
        <button type="button" className="underline" onClick={() => zips.send({ type: 'request.retry' })}>
          Try again
        </button>
      </p>
    );
  if (status !== 'loaded' || !codes)
    return (
      <p role="status" className="text-sm text-ink-muted">
        Loading the zip codes…
      </p>
    );
  return <p className="font-mono text-xs leading-6 break-words text-ink-soft">{codes.join(' · ')}</p>;
}

/** GET /market/poi: the venues or places of the market this placement reaches. */
export function PlacesList({ poi }: { poi: Poi[] }) {
  if (poi.length === 0) return <p className="text-ink-soft">No places are listed for this market yet.</p>;
  return (
    <ul className="grid gap-2 tb:grid-cols-2">
      {poi.map((place) => (
        <li key={`${place.name}-${place.lat}`} className="rounded-xl border border-primary-50 px-4 py-3">
          <p className="font-semibold text-ink">{place.name}</p>
          <p className="text-sm text-ink-muted">{poiDetail(place)}</p>
        </li>
      ))}
    </ul>
  );
}
