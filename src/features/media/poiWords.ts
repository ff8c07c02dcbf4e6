import type { Poi } from '../../../contract/market';

const KIND_WORDS: Record<string, string> = {
  place: 'Place',
  neighborhood: 'Neighborhood',
  venue: 'Venue',
};

/**
 * The line under a place's name: what kind of place it is, and its city only where the name does not
 * already say it ("Aurora" is not followed by "Aurora · place").
 */
export function poiDetail(poi: Pick<Poi, 'name' | 'kind' | 'city'>): string {
  const kind = KIND_WORDS[poi.kind] ?? poi.kind.charAt(0).toUpperCase() + poi.kind.slice(1);
  const named = poi.name.toLowerCase().includes(poi.city.toLowerCase());
  return named || !poi.city ? kind : `${kind} · ${poi.city}`;
}
