import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';
import { MapPin, Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { LABEL_CLASSES, PICKER_PLACEHOLDER, type ZipOrMarketPickerProps } from './pickerProps';
import {
  type PlaceChoice,
  sendTyped,
  usePlaceSuggestionsActor,
  usePreferredPlace,
  useSuggestedPlaces,
  useSuggestionsStatus,
} from './usePlaceSuggestions';

const isZip = (text: string) => /^\d{5}$/.test(text.trim());

/**
 * "Where do you want to advertise?": a combobox of US places and zip codes. Picking a suggestion,
 * or typing a five-digit zip and pressing the button, chooses a place.
 */
export default function PlaceCombobox({
  value = null,
  preferredMarket = false,
  onPick,
  submitLabel,
  size = 'lg',
  label = 'Zip code or city',
  labelVisible = false,
}: ZipOrMarketPickerProps) {
  const [query, setQuery] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const suggestions = usePlaceSuggestionsActor();
  const status = useSuggestionsStatus(suggestions);
  const places = useSuggestedPlaces(suggestions);
  const preferred = usePreferredPlace(preferredMarket);
  const chosen = value ?? preferred;
  const problemId = useId();

  const changeQuery = (text: string) => {
    setQuery(text);
    sendTyped(suggestions, text);
  };

  const typedZip = query.trim();
  const options: PlaceChoice[] =
    isZip(typedZip) && !places.some((p) => p.zip === typedZip)
      ? [{ zip: typedZip, label: `Zip code ${typedZip}` }, ...places]
      : places;

  const choose = (place: PlaceChoice | null) => {
    if (!place) return;
    setProblem(null);
    changeQuery('');
    onPick(place);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!query.trim() && chosen) return choose(chosen);
    const first = options[0];
    if (first && (isZip(typedZip) || status === 'loaded')) return choose(first);
    setProblem(
      status === 'pending'
        ? 'Still looking that up. Pick a place from the list in a moment.'
        : 'Pick a place from the list, or type a five-digit zip code like 60601.',
    );
  };

  const inputHeight = size === 'lg' ? 'h-14 text-lg' : 'h-11 text-base';
  const lookupMessage =
    options.length > 0 || query.trim().length < 2 || status === 'idle'
      ? ''
      : status === 'pending'
        ? 'Looking up places…'
        : status === 'failed'
          ? 'Place suggestions are unavailable right now. Type a five-digit zip code instead.'
          : `No US place matches “${query.trim()}”. Try a city or a five-digit zip code.`;

  return (
    <form onSubmit={submit} className="flex w-full flex-col gap-2" noValidate>
      <Field className="flex w-full flex-col gap-1">
        <Label className={labelVisible ? LABEL_CLASSES : 'sr-only'}>{label}</Label>
        <div className="flex w-full flex-col gap-2 tb:flex-row">
          <Combobox value={chosen} onChange={choose} by="zip" immediate={false}>
            <div className="relative flex-1">
              <MapPin
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-primary"
              />
              <ComboboxInput
                className={`w-full rounded-xl border-2 bg-white pr-4 pl-12 font-semibold text-ink shadow-sm placeholder:font-medium placeholder:text-ink-muted focus:border-primary ${inputHeight} ${problem ? 'field-error' : 'border-primary-100'}`}
                placeholder={PICKER_PLACEHOLDER}
                autoComplete="off"
                aria-describedby={problem ? problemId : undefined}
                aria-invalid={problem ? true : undefined}
                // On blur Headless UI rewrites the input from displayValue: keep what the visitor typed.
                displayValue={(place: PlaceChoice | null) => query || place?.label || ''}
                onChange={(event) => {
                  setProblem(null);
                  changeQuery(event.target.value);
                }}
              />
              {options.length > 0 ? (
                <ComboboxOptions
                  anchor={{ to: 'bottom start', gap: 6 }}
                  modal={false}
                  className="z-popover max-h-select w-(--input-width) overflow-y-auto rounded-xl border border-primary-100 bg-white p-1.5 shadow-xl shadow-primary-900/10 empty:invisible"
                >
                  {options.map((place) => (
                    <ComboboxOption
                      key={`${place.zip}-${place.label}`}
                      value={place}
                      className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-ink data-focus:bg-primary-50"
                    >
                      <MapPin aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
                      <span className="font-semibold">{place.label}</span>
                    </ComboboxOption>
                  ))}
                </ComboboxOptions>
              ) : null}
              {/* Always mounted, so screen readers announce changes to its text. */}
              <p
                role="status"
                className={
                  lookupMessage
                    ? 'absolute inset-x-0 top-full z-popover mt-1.5 rounded-xl border border-primary-100 bg-white px-4 py-3 text-sm text-ink-soft shadow-xl shadow-primary-900/10'
                    : 'sr-only'
                }
              >
                {lookupMessage}
              </p>
            </div>
          </Combobox>
          <Button type="submit" size={size} className={size === 'lg' ? 'h-14 px-7' : ''}>
            <Search aria-hidden="true" className="size-5" />
            {submitLabel}
          </Button>
        </div>
      </Field>
      {problem ? (
        <p id={problemId} role="alert" className="text-sm font-semibold text-coral-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
