import { useEffect, useState } from 'react';
import { geocode } from '../../api/geocoding';
import { postcodeOf, shortPlaceName } from '../../lib/places';

export interface PlaceChoice {
  zip: string;
  /** Short place name, "Chicago, IL 60601". */
  label: string;
}

export type Suggestions =
  | { status: 'idle'; places: PlaceChoice[] }
  | { status: 'loading'; places: PlaceChoice[] }
  | { status: 'ready'; places: PlaceChoice[] }
  | { status: 'failed'; places: PlaceChoice[] };

const TYPING_PAUSE_MS = 250;

/** Places matching what the visitor types, looked up once typing pauses; stale answers are dropped. */
export function usePlaceSuggestions(text: string): Suggestions {
  const [state, setState] = useState<Suggestions>({ status: 'idle', places: [] });
  const query = text.trim();

  useEffect(() => {
    if (query.length < 2 && !/^\d$/.test(query)) {
      setState({ status: 'idle', places: [] });
      return;
    }
    let current = true;
    setState((previous) => ({ status: 'loading', places: previous.places }));
    const timer = setTimeout(() => {
      geocode(query)
        .then((features) => {
          if (!current) return;
          const places = features.flatMap((f) => {
            const zip = postcodeOf(f);
            return zip ? [{ zip, label: shortPlaceName(f) }] : [];
          });
          setState({ status: 'ready', places });
        })
        .catch(() => {
          if (current) setState({ status: 'failed', places: [] });
        });
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);

  return state;
}
