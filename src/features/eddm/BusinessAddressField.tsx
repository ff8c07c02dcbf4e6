import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { createActor } from 'xstate';
import type { AddressChoice } from '../../../machines/places/addressSuggestions.machine';
import { suggestionsKey } from '../../../machines/places/placeSuggestions.machine';
import { useApp } from '../../system/AppContext';
import { addressSuggestionsLogic } from '../../system/addressSuggestions';
import { useRequestData, useRequestStatus } from '../../system/hooks/request';
import { useFlowActor } from '../../system/hooks/useFlowActor';

const NONE: AddressChoice[] = [];

/**
 * "Your business address": the geocoder's addresses and places as typed (Mapbox's when configured,
 * the embedded API's places offline); picking one places the pin there.
 */
export function BusinessAddressField({ onPick }: { onPick: (choice: AddressChoice) => void }) {
  const app = useApp();
  const suggestions = useFlowActor(() =>
    createActor(addressSuggestionsLogic(), { ...app?.actorOptions, input: { key: null } }),
  );
  const status = useRequestStatus(suggestions);
  const choices = useRequestData(suggestions) ?? NONE;
  const [query, setQuery] = useState('');
  const typed = (text: string) => {
    setQuery(text);
    suggestions.send({ type: 'request.keyChanged', key: suggestionsKey(text) });
  };
  const message =
    choices.length > 0 || query.trim().length < 2 || status === 'idle'
      ? ''
      : status === 'pending'
        ? 'Looking up the address…'
        : status === 'failed'
          ? 'Addresses cannot be looked up right now: place the pin on the map instead.'
          : `No address matches “${query.trim()}”. Try the street and the city, or a zip code.`;

  return (
    <Field className="flex flex-col gap-1">
      <Label className="text-xs font-bold tracking-wide text-ink-muted uppercase">
        Your business address
      </Label>
      <Combobox<AddressChoice | null>
        value={null}
        onChange={(choice) => {
          if (!choice) return;
          typed('');
          onPick(choice);
        }}
        immediate={false}
      >
        <div className="relative">
          <MapPin
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-primary"
          />
          <ComboboxInput
            className="h-11 w-full rounded-xl border-2 border-primary-100 bg-white pr-3 pl-9 text-sm font-semibold text-ink placeholder:font-medium placeholder:text-ink-muted focus:border-primary"
            placeholder="Street, city or zip"
            autoComplete="street-address"
            displayValue={() => query}
            onChange={(event) => typed(event.target.value)}
          />
          {choices.length > 0 ? (
            <ComboboxOptions
              anchor={{ to: 'bottom start', gap: 6 }}
              modal={false}
              className="z-popover max-h-select w-(--input-width) overflow-y-auto rounded-xl border border-primary-100 bg-white p-1.5 shadow-xl shadow-primary-900/10 empty:invisible"
            >
              {choices.map((choice) => (
                <ComboboxOption
                  key={`${choice.label}-${choice.lat}-${choice.lng}`}
                  value={choice}
                  className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-ink data-focus:bg-primary-50"
                >
                  <MapPin aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
                  <span className="font-semibold">{choice.label}</span>
                </ComboboxOption>
              ))}
            </ComboboxOptions>
          ) : null}
        </div>
      </Combobox>
      <p role="status" className={message ? 'text-xs text-ink-soft' : 'sr-only'}>
        {message}
      </p>
    </Field>
  );
}
