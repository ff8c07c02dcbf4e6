import { createRequestMachine } from '../request/request.machine';

/** A place the zip-or-market picker offers. */
export interface PlaceChoice {
  zip: string;
  /** Short place name, "Chicago, IL 60601". */
  label: string;
}

/** A pause in typing before places are looked up, so a word is not asked letter by letter. */
export const TYPING_PAUSE_MS = 250;

/**
 * What the visitor typed, as the lookup's key: null (nothing asked) under two characters, except a
 * single digit (the start of a zip code).
 */
export function suggestionsKey(text: string): string | null {
  const query = text.trim();
  return query.length < 2 && !/^\d$/.test(query) ? null : query;
}

/**
 * The zip-or-market picker's suggestions: the places matching what is typed, looked up once typing
 * pauses; the places found before stay on show while the next ones load, an answer to older text is
 * never shown, and a failed lookup shows none.
 */
export const placeSuggestionsMachine = createRequestMachine<string, PlaceChoice[]>({
  id: 'placeSuggestions',
  debounceMs: TYPING_PAUSE_MS,
});
