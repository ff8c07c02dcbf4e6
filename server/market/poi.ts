import type { Poi } from '../../contract/market';
import type { Media } from '../../contract/media';
import { hashString } from '../db/seed/random';

export interface ZipPoint {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

interface Place {
  city: string;
  state: string;
  zips: ZipPoint[];
  latitude: number;
  longitude: number;
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** The market's places, largest (most zip codes) first, each with its zips in order and its centre. */
function placesOf(zips: readonly ZipPoint[]): Place[] {
  const byPlace = new Map<string, ZipPoint[]>();
  for (const zip of [...zips].sort((a, b) => a.zip.localeCompare(b.zip))) {
    const key = `${zip.city}|${zip.state}`;
    byPlace.set(key, [...(byPlace.get(key) ?? []), zip]);
  }
  return [...byPlace.values()]
    .map((list) => ({
      city: list[0]?.city ?? '',
      state: list[0]?.state ?? '',
      zips: list,
      latitude: round(list.reduce((sum, z) => sum + z.latitude, 0) / list.length),
      longitude: round(list.reduce((sum, z) => sum + z.longitude, 0) / list.length),
    }))
    .sort((a, b) => b.zips.length - a.zips.length || a.city.localeCompare(b.city));
}

/**
 * Points of interest for a placement in a market, 6 to 12 of them, always the same for the same
 * market and placement. A screen network (dooh) lists its venues, one per zip code, spread over the
 * largest places; anything else lists the market's main places, starting downtown.
 */
export function poiOf(
  prodcode: string,
  zips: readonly ZipPoint[],
  placement: Pick<Media, 'mediacode' | 'media_type' | 'name'> | null,
): Poi[] {
  const places = placesOf(zips);
  const wanted = 6 + (hashString(`poi:${prodcode}|${placement?.mediacode ?? ''}`) % 7);
  const found: Poi[] = [];

  if (placement?.media_type === 'dooh') {
    // Round-robin over the places: the first venue of each place, then the second of each...
    for (let pass = 0; found.length < wanted; pass++) {
      const inRound = places.filter((p) => p.zips.length > pass);
      if (inRound.length === 0) break;
      for (const place of inRound) {
        const zip = place.zips[pass];
        if (!zip || found.length >= wanted) continue;
        found.push({
          name: `${placement.name}, ${place.city}${pass === 0 ? '' : ` ${zip.zip}`}`,
          kind: 'venue',
          city: place.city,
          lat: zip.latitude,
          lng: zip.longitude,
        });
      }
    }
    return found;
  }

  for (const [i, place] of places.entries()) {
    if (found.length >= wanted) break;
    found.push({
      name: i === 0 ? `Downtown ${place.city}` : place.city,
      kind: 'place',
      city: place.city,
      lat: place.latitude,
      lng: place.longitude,
    });
  }
  // A market of few places: its main place's neighbourhoods (zip codes) fill the list.
  const main = places[0];
  for (const zip of main?.zips ?? []) {
    if (found.length >= wanted) break;
    found.push({
      name: `${zip.city} ${zip.zip}`,
      kind: 'neighborhood',
      city: zip.city,
      lat: zip.latitude,
      lng: zip.longitude,
    });
  }
  return found;
}
