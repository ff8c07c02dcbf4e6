import zipcodes from 'zipcodes';
import { milesBetween } from '../../geo/distance';
import { STATE_NAMES } from '../../geo/states';
import { hashString } from './random';

export interface SeedZip {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  prodcode: string;
}

export interface SeedMarket {
  prodcode: string;
  name: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  households: number;
  /** Rank by size, 0 = largest: big markets get more and pricier placements. */
  rank: number;
}

/** About as many markets as the US has television markets. */
const MARKET_COUNT = 210;
/** Two market centres are at least this far apart, like neighbouring DMAs. */
const MIN_CENTRE_DISTANCE_MILES = 55;

/** Territories west of the date line; everywhere else in the US has a negative longitude. */
const EASTERN_HEMISPHERE = new Set(['GU', 'MP', 'FM', 'MH', 'PW']);

/**
 * Households of one zip code, deterministic so counts match on every machine. A zip of a city with
 * many zip codes is dense and urban; a town's only zip code is small.
 */
export function zipHouseholds(zip: string, zipsInCity: number): number {
  const spread = hashString(`hh:${zip}`) / 0xffffffff;
  const [low, high] =
    zipsInCity >= 20
      ? [11_000, 24_000]
      : zipsInCity >= 5
        ? [6_000, 14_000]
        : zipsInCity >= 2
          ? [2_500, 7_000]
          : [300, 3_500];
  return Math.round(low + spread * (high - low));
}

/**
 * Every zip code of the states, the District and the territories (military APO/FPO codes have no
 * place on a map and are left out), grouped into DMA-like markets: the cities with the most zip
 * codes become market centres, and every zip joins its nearest centre.
 */
export function buildGeography(): { zips: SeedZip[]; markets: SeedMarket[] } {
  const places = Object.values(zipcodes.codes)
    .filter((z) => z.country === 'US' && z.state in STATE_NAMES && (z.latitude !== 0 || z.longitude !== 0))
    // A few records carry a longitude with its sign lost (10200 New York at +73.95).
    .map((z) =>
      z.longitude > 0 && !EASTERN_HEMISPHERE.has(z.state) ? { ...z, longitude: -z.longitude } : z,
    );
  places.sort((a, b) => a.zip.localeCompare(b.zip));

  const cities = new Map<string, { city: string; state: string; lat: number; lng: number; count: number }>();
  for (const z of places) {
    const key = `${z.city}|${z.state}`;
    const city = cities.get(key) ?? { city: z.city, state: z.state, lat: 0, lng: 0, count: 0 };
    city.lat += z.latitude;
    city.lng += z.longitude;
    city.count += 1;
    cities.set(key, city);
  }
  const ranked = [...cities.values()]
    .map((c) => ({ ...c, latitude: c.lat / c.count, longitude: c.lng / c.count }))
    .sort((a, b) => b.count - a.count || a.city.localeCompare(b.city) || a.state.localeCompare(b.state));

  const centres: typeof ranked = [];
  for (const city of ranked) {
    if (centres.length === MARKET_COUNT) break;
    if (centres.every((c) => milesBetween(c, city) >= MIN_CENTRE_DISTANCE_MILES)) centres.push(city);
  }

  const markets: SeedMarket[] = centres.map((c) => ({
    prodcode: '',
    name: `${c.city}, ${c.state}`,
    city: c.city,
    state: c.state,
    latitude: round(c.latitude),
    longitude: round(c.longitude),
    households: 0,
    rank: 0,
  }));

  const assigned = places.map((z) => {
    let best = markets[0];
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const market of markets) {
      const d = milesBetween(market, z);
      if (d < bestDistance) {
        best = market;
        bestDistance = d;
      }
    }
    if (!best) throw new Error('No market centres were found.');
    best.households += zipHouseholds(z.zip, cities.get(`${z.city}|${z.state}`)?.count ?? 1);
    return { place: z, market: best };
  });

  // Codes and ranks follow size, like DMA rankings: MKT501 is the market with the most households.
  markets.sort((a, b) => b.households - a.households || a.name.localeCompare(b.name));
  markets.forEach((market, rank) => {
    market.rank = rank;
    market.prodcode = `MKT${501 + rank}`;
  });
  const zips: SeedZip[] = assigned.map(({ place: z, market }) => ({
    zip: z.zip,
    city: z.city,
    state: z.state,
    latitude: z.latitude,
    longitude: z.longitude,
    prodcode: market.prodcode,
  }));
  return { zips, markets };
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;
