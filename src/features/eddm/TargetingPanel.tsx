import { Lasso, MapPin } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { milesInWords } from '../../../contract/directMail';
import { RADIUS_MILES } from '../../../machines/eddm/eddm.machine';
import { Button } from '../../ui/Button';
import { BusinessAddressField } from './BusinessAddressField';
import { RouteFiltersForm } from './RouteFiltersForm';
import { useEddmActor } from './useEddm';
import {
  useIsDrawingArea,
  useIsLoadingNear,
  useIsPlacingPin,
  useNearError,
  usePickNotice,
  usePin,
  useRadiusMiles,
} from './useTargeting';

/**
 * Open at first from the tablet width up (tailwind's `tb`); on a phone the panel, over a screen tall,
 * starts folded so the map it targets is not pushed a screen down.
 */
const WIDE = '(min-width: 769px)';
const startsOpen = () =>
  typeof window === 'undefined' || !window.matchMedia || window.matchMedia(WIDE).matches;

/**
 * Targeting (issue 34): who to reach (filters), the business's pin with every route within a radius of
 * it, and drawing an area on the map. What a pick at once did is said in a live region.
 */
export function TargetingPanel() {
  const eddmActor = useEddmActor();
  const placing = useIsPlacingPin();
  const drawing = useIsDrawingArea();
  const notice = usePickNotice();
  const [open, setOpen] = useState(startsOpen);

  // Escape leaves placing the pin or drawing while the focus is on the map or this panel (the map has
  // it while drawing); an Escape that closes a menu, a listbox or the routes sheet is theirs.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!placing && !drawing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('select, [role="combobox"], [role="listbox"]')) return;
      const onMapOrPanel =
        target === null ||
        target === document.body ||
        panel.current?.contains(target) ||
        target.closest('[data-map-state]') !== null;
      if (!onMapOrPanel) return;
      eddmActor.send({ type: placing ? 'eddm.pinPlacingCancelled' : 'eddm.lassoCancelled' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [eddmActor, placing, drawing]);

  return (
    <section
      ref={panel}
      aria-labelledby="targeting-heading"
      className="flex flex-col gap-4 rounded-3xl border border-primary-100 bg-white p-5 shadow-sm"
    >
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="cursor-pointer list-inside font-display text-xl font-bold text-primary-900">
          <h2 id="targeting-heading" className="inline">
            Target routes
          </h2>
          <span className="ml-2 font-sans text-sm font-semibold text-ink-soft">
            Filters, a radius around your business, drawing
          </span>
        </summary>
        <div className="mt-4 flex flex-col gap-4">
          <div className="grid gap-6 md:grid-cols-2">
            <AroundYourBusiness />
            <RouteFiltersForm />
          </div>
          <div className="flex flex-wrap items-center gap-3 border-t border-primary-50 pt-4">
            <Button
              variant={drawing ? 'primary' : 'secondary'}
              aria-pressed={drawing}
              onClick={() => eddmActor.send({ type: 'eddm.lassoToggled' })}
            >
              <Lasso aria-hidden="true" className="size-4" />
              Draw an area
            </Button>
            <p className="text-sm text-ink-soft">
              {drawing
                ? 'Draw around the routes on the map; they are selected when you let go. Escape cancels.'
                : 'Select every route an area you draw touches.'}
            </p>
          </div>
        </div>
      </details>
      {/* Outside the fold: what a pick did is said even while the panel is folded. */}
      <p
        role="status"
        aria-live="polite"
        className={notice ? 'text-sm font-semibold text-primary-900' : 'sr-only'}
      >
        {notice ?? ''}
      </p>
    </section>
  );
}

/** The business's pin (by address or on the map) and "every route within N miles" of it. */
function AroundYourBusiness() {
  const eddmActor = useEddmActor();
  const pin = usePin();
  const placing = useIsPlacingPin();
  const miles = useRadiusMiles();
  const loading = useIsLoadingNear();
  const error = useNearError();

  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-display text-lg font-bold text-primary-900">Around your business</h3>
      <BusinessAddressField
        onPick={(choice) =>
          eddmActor.send({
            type: 'eddm.pinPlaced',
            pin: { lat: choice.lat, lng: choice.lng, label: choice.label },
            zip: choice.zip,
          })
        }
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant={placing ? 'primary' : 'secondary'}
          aria-pressed={placing}
          onClick={() =>
            eddmActor.send({ type: placing ? 'eddm.pinPlacingCancelled' : 'eddm.pinPlacingStarted' })
          }
        >
          <MapPin aria-hidden="true" className="size-4" />
          {pin ? 'Move the pin on the map' : 'Place the pin on the map'}
        </Button>
        {pin ? (
          <Button variant="ghost" onClick={() => eddmActor.send({ type: 'eddm.pinRemoved' })}>
            Remove the pin
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-ink-soft">
        {placing
          ? 'Click the map where your business is. Escape cancels.'
          : pin
            ? `Pin: ${pin.label}`
            : 'Type your address, or place the pin on the map.'}
      </p>
      <label className="flex flex-col gap-1 text-xs font-bold tracking-wide text-ink-muted uppercase">
        Radius
        <select
          value={String(miles)}
          onChange={(event) =>
            eddmActor.send({ type: 'eddm.radiusChosen', miles: Number(event.target.value) })
          }
          className="h-10 rounded-xl border-2 border-primary-100 bg-white px-2 text-sm font-semibold tracking-normal text-ink normal-case focus:border-primary"
        >
          {RADIUS_MILES.map((option) => (
            <option key={option} value={String(option)}>
              {milesInWords(option)}
            </option>
          ))}
        </select>
      </label>
      <Button
        disabled={!pin}
        inactive={loading}
        onClick={() => eddmActor.send({ type: 'eddm.nearRequested' })}
      >
        {loading ? 'Finding the routes…' : `Select every route within ${milesInWords(miles)}`}
      </Button>
      {error ? (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-sm font-semibold text-coral-700">
          {error}
          <button
            type="button"
            onClick={() => eddmActor.send({ type: 'eddm.nearRetried' })}
            className="underline"
          >
            Try again
          </button>
        </p>
      ) : null}
    </div>
  );
}
