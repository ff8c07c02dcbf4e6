import { createRequestMachine } from '../request/request.machine';
import { TYPING_PAUSE_MS } from './placeSuggestions.machine';

/** An address the business-address field offers: where to put the pin. */
export interface AddressChoice {
  /** Short name, "2000 N Clark St, Chicago, IL 60614". */
  label: string;
  lat: number;
  lng: number;
  /** Its zip code, when the geocoder knows it: the page shows that zip code's routes. */
  zip: string | null;
}

/**
 * The business-address field's suggestions (every-door targeting): addresses and places matching
 * what is typed, looked up once typing pauses, as the zip-or-market picker's are.
 */
export const addressSuggestionsMachine = createRequestMachine<string, AddressChoice[]>({
  id: 'addressSuggestions',
  debounceMs: TYPING_PAUSE_MS,
});
