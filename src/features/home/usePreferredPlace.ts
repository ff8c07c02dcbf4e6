import { useEffect, useState } from 'react';
import { fetchMarketPreferences } from '../../api/platform';
import { useUserData } from '../../system/hooks/session';
import type { PlaceChoice } from '../location/usePlaceSuggestions';

/**
 * The signed-in customer's first preferred market (GET /market/preferences/{uuid}), to preselect in
 * the zip-or-market picker; null for visitors, while loading, or when they have none.
 */
export function usePreferredPlace(): PlaceChoice | null {
  const uuid = useUserData()?.uuid ?? null;
  const [place, setPlace] = useState<{ uuid: string; place: PlaceChoice } | null>(null);
  useEffect(() => {
    if (!uuid) return;
    let current = true;
    fetchMarketPreferences(uuid)
      .then((result) => {
        const first = result.ok ? result.data.markets[0] : undefined;
        if (current && first) setPlace({ uuid, place: { zip: first.zip, label: first.label } });
      })
      // A preselection only: without it the picker is simply empty.
      .catch((error: unknown) => console.warn(error));
    return () => {
      current = false;
    };
  }, [uuid]);
  return place && place.uuid === uuid ? place.place : null;
}
