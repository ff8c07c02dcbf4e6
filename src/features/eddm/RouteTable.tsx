import { type ElementType, type ReactNode, useMemo } from 'react';
import type { CarrierRoute, EddmZip } from '../../../contract/directMail';
import { mailingCostCents, routeMatches } from '../../../contract/directMail';
import { formatCount, formatUsd } from '../../../contract/money';
import { announce, EDDM_EVENTS } from '../../system/eddmWindowEvents';
import { useEddmActor, useIsRouteHovered, useResidentialOnly, useSelectedRoutes } from './useEddm';
import { useRouteFilters } from './useTargeting';

const KIND = { city: 'City', rural: 'Rural', highway: 'Highway contract' } as const;
const money = (cents: number) => formatUsd(cents / 100);

/** What titles the list: its own heading, or the title of the sheet it is shown in. */
type Heading = ElementType<{ className?: string; children?: ReactNode }>;

/** The carrier routes of the zip code shown, to tick and untick; hovering a row highlights it on the map. */
export function RouteTable({ area, Heading = 'h2' }: { area: EddmZip; Heading?: Heading }) {
  const eddmActor = useEddmActor();
  const selectedRoutes = useSelectedRoutes();
  const residentialOnly = useResidentialOnly();
  const filters = useRouteFilters();
  const selected = useMemo(() => new Set(selectedRoutes.map((r) => r.routecode)), [selectedRoutes]);
  // The routes the filters leave out are dimmed on the map and not listed here.
  const matching = useMemo(() => area.routes.filter((r) => routeMatches(r, filters)), [area.routes, filters]);
  const all = matching.every((r) => selected.has(r.routecode));
  const none = !area.routes.some((r) => selected.has(r.routecode));
  const left = area.routes.length - matching.length;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading className="font-display text-xl font-bold text-primary-900">
          Routes in {area.zip}{' '}
          <span className="font-sans text-base font-semibold text-ink-soft">
            · {area.city}, {area.state}
          </span>
        </Heading>
        <div className="flex gap-1">
          <button
            type="button"
            disabled={all}
            onClick={() => eddmActor.send({ type: 'eddm.allRoutesSelected', zip: area.zip })}
            aria-label={left > 0 ? `Select all ${matching.length} matching routes of ${area.zip}` : undefined}
            className="rounded-lg px-2 py-1 text-sm font-bold text-primary-700 hover:bg-primary-50 disabled:opacity-40"
          >
            Select all
          </button>
          <button
            type="button"
            disabled={none}
            onClick={() => eddmActor.send({ type: 'eddm.selectionCleared', zip: area.zip })}
            aria-label={`Clear the routes of ${area.zip}`}
            className="rounded-lg px-2 py-1 text-sm font-bold text-primary-700 hover:bg-primary-50 disabled:opacity-40"
          >
            Clear
          </button>
        </div>
      </div>
      {left > 0 ? (
        <p className="text-sm text-ink-soft">
          {left} of the {area.routes.length} routes of {area.zip} {left === 1 ? 'does' : 'do'} not match your
          filters: they are faint on the map and not listed.
        </p>
      ) : null}
      <div className="max-h-[28rem] overflow-auto rounded-2xl border border-primary-100 bg-white">
        <table className="w-full text-sm">
          <caption className="sr-only">
            Carrier routes of {area.zip}: households and cost of mailing each
          </caption>
          <thead className="sticky top-0 bg-primary-50 text-left text-xs font-bold tracking-wide text-ink-muted uppercase">
            <tr>
              <th scope="col" className="py-2 pr-2 pl-3">
                Route
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                Homes
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                Businesses
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                Total
              </th>
              <th scope="col" className="py-2 pr-3 pl-2 text-right">
                Cost
              </th>
            </tr>
          </thead>
          <tbody>
            {matching.map((route) => (
              <RouteRow
                key={route.routecode}
                route={route}
                chosen={selected.has(route.routecode)}
                residentialOnly={residentialOnly}
                perThousandCents={area.pricing.per_thousand_cents}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** One route of the list; it alone re-renders when the pointer comes to it or leaves it. */
function RouteRow({
  route,
  chosen,
  residentialOnly,
  perThousandCents,
}: {
  route: CarrierRoute;
  chosen: boolean;
  residentialOnly: boolean;
  perThousandCents: number;
}) {
  const eddmActor = useEddmActor();
  const lit = useIsRouteHovered(route.routecode);
  const pieces = residentialOnly ? route.residential : route.total;
  return (
    <tr
      data-routecode={route.routecode}
      data-highlighted={lit || undefined}
      onMouseEnter={() => announce(EDDM_EVENTS.cartHoverRoute, { routecode: route.routecode })}
      onMouseLeave={() => announce(EDDM_EVENTS.cartHoverRoute, { routecode: null })}
      className={`border-t border-primary-50 ${lit ? 'bg-sunshine-100' : chosen ? 'bg-primary-50/60' : ''}`}
    >
      <td className="py-2 pr-2 pl-3">
        <label className="flex cursor-pointer items-center gap-2 font-semibold text-ink">
          <input
            type="checkbox"
            checked={chosen}
            onChange={() => eddmActor.send({ type: 'eddm.routeToggled', routecode: route.routecode })}
            onFocus={() => announce(EDDM_EVENTS.cartHoverRoute, { routecode: route.routecode })}
            onBlur={() => announce(EDDM_EVENTS.cartHoverRoute, { routecode: null })}
            aria-label={`Route ${route.crid} (${KIND[route.kind].toLowerCase()})`}
            className="size-4 accent-primary"
          />
          <span className="font-mono">{route.crid}</span>
          <span className="hidden text-xs font-medium text-ink-muted sm:inline">{KIND[route.kind]}</span>
        </label>
      </td>
      <td className="px-2 py-2 text-right tabular-nums">{formatCount(route.residential)}</td>
      <td
        className={`px-2 py-2 text-right tabular-nums ${residentialOnly ? 'text-ink-muted line-through' : ''}`}
      >
        {formatCount(route.business)}
      </td>
      <td className="px-2 py-2 text-right font-semibold tabular-nums">{formatCount(pieces)}</td>
      <td className="py-2 pr-3 pl-2 text-right tabular-nums">
        {money(mailingCostCents(pieces, perThousandCents))}
      </td>
    </tr>
  );
}
