import type { CarrierRoute } from '../../../contract/directMail';
import { formatCents, formatCount } from '../../../contract/money';
import { announce, EDDM_EVENTS } from '../../system/eddmWindowEvents';
import { SelectMenu } from '../../ui/SelectMenu';
import { Switch } from '../../ui/Switch';
import { AddMailing } from './AddMailing';
import { WEEK_MENU_ID } from './MailingSummaryBar';
import {
  useCampaignError,
  useCampaignLoadError,
  useChosenWeek,
  useDropWeeks,
  useEddmActor,
  useEddmMediaType,
  useIsRouteHovered,
  useMailingTotals,
  useMinimumNotMet,
  useResidentialOnly,
  useSaveError,
  useSaveStatus,
  useSelectionPricing,
} from './useEddm';
import { useHiddenRoutes, useMailingRoutes } from './useTargeting';

/** The mailing so far: totals, the chosen routes, the drop week and the way into the cart. */
export function SelectionPanel() {
  const eddmActor = useEddmActor();
  const selected = useMailingRoutes();
  const hidden = useHiddenRoutes();
  const residentialOnly = useResidentialOnly();
  const saveStatus = useSaveStatus();
  const saveError = useSaveError();
  const campaignError = useCampaignError();
  const pricing = useSelectionPricing();
  const totals = useMailingTotals();
  const type = useEddmMediaType();
  const minimum = useMinimumNotMet();
  const weeks = useDropWeeks();
  const chosenWeek = useChosenWeek();
  const loadError = useCampaignLoadError();

  return (
    <section
      aria-labelledby="mailing-heading"
      className="flex flex-col gap-4 rounded-3xl border border-primary-100 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="mailing-heading" className="font-display text-xl font-bold text-primary-900">
          Your mailing
        </h2>
        <p role="status" className="text-xs font-semibold text-ink-muted">
          {saveStatus === 'saving'
            ? 'Saving…'
            : saveStatus === 'unsaved'
              ? saveError
                ? ''
                : 'Changes not saved yet'
              : selected.length
                ? 'Saved'
                : ''}
        </p>
      </div>
      <Switch
        checked={residentialOnly}
        onChange={() => eddmActor.send({ type: 'eddm.residentialOnlyToggled' })}
        label="Homes only (leave out businesses)"
      />
      <dl className="grid grid-cols-3 gap-2 rounded-2xl bg-primary-50 p-3 text-center" aria-label="Totals">
        <div>
          <dt className="text-xs font-bold tracking-wide text-ink-muted uppercase">Routes</dt>
          <dd className="text-2xl font-extrabold text-primary-900 tabular-nums">{totals.routes}</dd>
        </div>
        <div>
          <dt className="text-xs font-bold tracking-wide text-ink-muted uppercase">Pieces</dt>
          <dd className="text-2xl font-extrabold text-primary-900 tabular-nums">
            {formatCount(totals.pieces)}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-bold tracking-wide text-ink-muted uppercase">Cost</dt>
          <dd className="text-2xl font-extrabold text-primary-900 tabular-nums">
            {totals.costCents === null ? '—' : formatCents(totals.costCents)}
          </dd>
        </div>
      </dl>
      {minimum !== null ? (
        <p className="text-sm font-semibold text-coral-700">
          USPS takes every-door mailings of at least {formatCount(minimum)} pieces: add routes to reach it.
        </p>
      ) : null}
      {saveError ? (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-sm font-semibold text-coral-700">
          {saveError}
          <button type="button" onClick={() => eddmActor.send({ type: 'eddm.retry' })} className="underline">
            Try again
          </button>
        </p>
      ) : null}
      {hidden.length > 0 ? <HiddenRoutes routes={hidden} /> : null}
      {selected.length === 0 ? (
        <p className="text-sm text-ink-soft">
          Click routes on the map or tick them in the list. Your selection is kept on this device.
        </p>
      ) : (
        <ul aria-label="Chosen routes" className="flex max-h-60 flex-col gap-1 overflow-y-auto">
          {selected.map((route) => (
            <ChosenRoute key={route.routecode} route={route} residentialOnly={residentialOnly} />
          ))}
        </ul>
      )}
      {/* The phone's summary bar brings the visitor here ("Choose a week"). */}
      <div id={WEEK_MENU_ID}>
        <SelectMenu
          label="Mail goes out the week of"
          value={chosenWeek}
          options={weeks.map((o) => ({ value: o.value, label: o.label }))}
          onChange={(week) => eddmActor.send({ type: 'eddm.weekChosen', week })}
        />
      </div>
      {loadError ? (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-sm font-semibold text-coral-700">
          {loadError}
          <button type="button" onClick={() => eddmActor.send({ type: 'eddm.retry' })} className="underline">
            Try again
          </button>
        </p>
      ) : null}
      {pricing && pricing.mediacode === null ? (
        <p className="text-sm font-semibold text-coral-700">
          Every-door mail is not sold in this market yet: the price shown is our national rate. Call us to
          book it.
        </p>
      ) : null}
      {campaignError ? (
        <p role="alert" className="text-sm font-semibold text-coral-700">
          {campaignError}
        </p>
      ) : null}
      <AddMailing />
      {type ? (
        <p className="text-xs text-ink-muted">
          {type.piece}. {type.includes.join(' · ')}.
        </p>
      ) : null}
    </section>
  );
}

/** A chosen route; it alone re-renders when the pointer comes to it or leaves it. */
function ChosenRoute({ route, residentialOnly }: { route: CarrierRoute; residentialOnly: boolean }) {
  const hovered = useIsRouteHovered(route.routecode);
  return (
    <li
      onMouseEnter={() => announce(EDDM_EVENTS.cartHoverRoute, { routecode: route.routecode })}
      onMouseLeave={() => announce(EDDM_EVENTS.cartHoverRoute, { routecode: null })}
      // Keyboard users light the route too, by focusing its Remove button.
      onFocus={() => announce(EDDM_EVENTS.cartHoverRoute, { routecode: route.routecode })}
      onBlur={() => announce(EDDM_EVENTS.cartHoverRoute, { routecode: null })}
      className={`flex items-center justify-between gap-2 rounded-xl px-3 py-1.5 text-sm ${hovered ? 'bg-sunshine-100' : 'bg-primary-50/60'}`}
    >
      <span>
        <span className="font-mono font-semibold">{route.routecode}</span>{' '}
        <span className="text-ink-soft">
          {formatCount(residentialOnly ? route.residential : route.total)} pieces
        </span>
      </span>
      <button
        type="button"
        onClick={() => announce(EDDM_EVENTS.routeRemove, { routecode: route.routecode })}
        className="rounded-lg px-2 py-1 font-bold text-primary-700 hover:bg-white"
        aria-label={`Remove route ${route.routecode}`}
      >
        Remove
      </button>
    </li>
  );
}

/** "3 routes hidden by your filters", their names on demand: kept, not mailed, back when a filter goes. */
function HiddenRoutes({ routes }: { routes: readonly CarrierRoute[] }) {
  return (
    <details className="rounded-xl bg-primary-50/60 px-3 py-2 text-sm">
      <summary className="cursor-pointer font-semibold text-primary-900">
        {routes.length} {routes.length === 1 ? 'route' : 'routes'} hidden by your filters
      </summary>
      <ul aria-label="Routes hidden by your filters" className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
        {routes.map((route) => (
          <li key={route.routecode} className="font-mono text-ink-soft">
            {route.routecode}
          </li>
        ))}
      </ul>
    </details>
  );
}
