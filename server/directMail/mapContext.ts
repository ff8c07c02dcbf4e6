import type { MapContext, MapPlace } from '../../contract/directMail';
import type { DirectMailAreas } from './areas';
import { BoundedCache } from './cache';
import { polygonOf, round6 } from './geoJson';
import { localKm } from './plane';
import type { ZipPoint } from './zipPoints';

/** Neighbours within this many times the zip code's own half-size (at least MIN_REACH_KM). */
const REACH_HALVES = 3;
const MIN_REACH_KM = 4;
/** The most neighbours labelled: a city's zip code sees a few dozen within reach, the map shows ~20. */
const MAX_ZIPS = 24;
/** Zip codes whose context is kept (a few kilobytes each). */
const CONTEXTS = 500;

const caches = new WeakMap<DirectMailAreas, BoundedCache<string, MapContext>>();

/** Title case for the catalogue's city names ("CHICAGO" → "Chicago"); names already mixed stay. */
const placeName = (city: string) =>
  city === city.toUpperCase() ? city.toLowerCase().replace(/\b\p{L}/gu, (c) => c.toUpperCase()) : city;

/**
 * What the offline map draws around a zip code: its neighbours' outlines, each labelled with its zip
 * code, and one label per place (city) among them, at the middle of its zip codes' points. Cached:
 * each outline is a Voronoi cell computed once, and the answer is the same for every visit.
 */
export function mapContextOf(areas: DirectMailAreas, zip: string): MapContext | null {
  let cache = caches.get(areas);
  if (!cache) {
    cache = new BoundedCache(CONTEXTS);
    caches.set(areas, cache);
  }
  const cached = cache.get(zip);
  if (cached) return cached;
  const own = areas.zipArea(zip);
  if (!own) return null;
  const reach = Math.max(MIN_REACH_KM, REACH_HALVES * own.halfKm);
  const near = areas.points.within(own.zip.lat, own.zip.lng, reach).slice(0, MAX_ZIPS);
  const zips = near.flatMap(({ point }) => {
    const area = point.zip === zip ? own : areas.zipArea(point.zip);
    if (!area) return [];
    return [
      {
        zip: point.zip,
        center: { lat: round6(point.lat), lng: round6(point.lng) },
        geometry: polygonOf(area.shape, area.projection),
      },
    ];
  });
  // Each place at the point of its zip code nearest the middle of them all (on the map, where a mean
  // of points could fall in a lake), the zip code's own place first.
  const byPlace = new Map<string, ZipPoint[]>();
  for (const { point } of near) {
    const key = `${placeName(point.city)}|${point.state}`;
    byPlace.set(key, [...(byPlace.get(key) ?? []), point]);
  }
  const places: MapPlace[] = [...byPlace].map(([key, points]) => {
    const lat = points.reduce((sum, p) => sum + p.lat, 0) / points.length;
    const lng = points.reduce((sum, p) => sum + p.lng, 0) / points.length;
    const middle = points.reduce((best, p) =>
      localKm(lat, lng, p.lat, p.lng) < localKm(lat, lng, best.lat, best.lng) ? p : best,
    );
    const [name = '', state = ''] = key.split('|');
    return { name, state, center: { lat: round6(middle.lat), lng: round6(middle.lng) } };
  });
  const context: MapContext = { zip, zips, places };
  cache.set(zip, context);
  return context;
}
