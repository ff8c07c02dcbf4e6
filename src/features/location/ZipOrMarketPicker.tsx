import { MapPin, Search } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useHydrated } from '../../lib/useHydrated';
import { Button } from '../../ui/Button';
import { LABEL_CLASSES, PICKER_PLACEHOLDER, type ZipOrMarketPickerProps } from './pickerProps';

export type { ZipOrMarketPickerProps } from './pickerProps';

// The combobox (Headless UI's Combobox and its list virtualiser) is the heaviest part of the home
// page; it loads right after the page renders instead of holding up the first paint.
const loadCombobox = () => import('./PlaceCombobox');
const PlaceCombobox = lazy(loadCombobox);

/** Same size and look as the combobox, shown for the moment it takes to load. */
function PickerPlaceholder({
  value,
  submitLabel,
  size = 'lg',
  label = 'Zip code or city',
  labelVisible = false,
}: ZipOrMarketPickerProps) {
  const height = size === 'lg' ? 'h-14 text-lg' : 'h-11 text-base';
  return (
    <div className="flex w-full flex-col gap-1" aria-busy="true">
      {labelVisible ? (
        <span aria-hidden="true" className={LABEL_CLASSES}>
          {label}
        </span>
      ) : null}
      <div className="flex w-full flex-col gap-2 tb:flex-row">
        <div className="relative flex-1">
          <MapPin
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-primary"
          />
          <input
            aria-label={label}
            readOnly
            value={value?.label ?? ''}
            placeholder={PICKER_PLACEHOLDER}
            className={`w-full rounded-xl border-2 border-primary-100 bg-white pr-4 pl-12 font-semibold text-ink placeholder:font-medium placeholder:text-ink-muted ${height}`}
          />
        </div>
        <Button size={size} disabled className={size === 'lg' ? 'h-14 px-7' : ''}>
          <Search aria-hidden="true" className="size-5" />
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}

/**
 * "Where do you want to advertise?": a zip code or a US place, chosen from suggestions. A page the
 * server drew shows the placeholder until the app has taken it over: a box that could be typed in
 * before then would lose what was typed.
 */
export function ZipOrMarketPicker(props: ZipOrMarketPickerProps) {
  if (!useHydrated()) return <PickerPlaceholder {...props} />;
  return (
    <Suspense fallback={<PickerPlaceholder {...props} />}>
      <PlaceCombobox {...props} />
    </Suspense>
  );
}
