import type { SearchRecord } from '../../contract/search';
import { mediaPath, shopPathForZip } from '../../contract/shopPaths';
import type { CatalogueRows } from '../data/catalogue';
import { stateName } from '../geo/states';

type ZipRow = CatalogueRows['zips'][number];
type MarketRow = CatalogueRows['markets'][number];

/** The id-safe form of a name: "St. Louis, MO" becomes "st-louis-mo". */
const slug = (text: string) =>
  // Unicode normalization is slow and nearly every name is plain ASCII.
  (/^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFD').replace(/\p{M}/gu, ''))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The zip nearest the middle of a group of zips (ties go to the lower zip, as the geocoder does). */
function centralZip(members: readonly ZipRow[], latitude: number, longitude: number): string | null {
  let central: string | null = null;
  let best = Number.POSITIVE_INFINITY;
  for (const z of members) {
    const d = (z.latitude - latitude) ** 2 + (z.longitude - longitude) ** 2;
    if (d < best || (d === best && central !== null && z.zip < central)) {
      best = d;
      central = z.zip;
    }
  }
  return central;
}

interface City {
  city: string;
  state: string;
  zips: ZipRow[];
  mainZip: string;
  households: number;
}

/** Unique ids from names: a second "Mc Lean" that slugs like the first gets "-2", in a stable order. */
function uniqueIds() {
  const taken = new Map<string, number>();
  return (base: string) => {
    const n = (taken.get(base) ?? 0) + 1;
    taken.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  };
}

const location = (
  objectID: string,
  text: string,
  kind: SearchRecord['place_kind'],
  where: { state: string; zip: string | null; market: string | null },
  popularity: number,
): SearchRecord => ({
  objectID,
  text,
  type: 'location',
  partner: null,
  url: where.zip ? shopPathForZip(where.zip) : '/shop',
  zip: where.zip,
  place_kind: kind,
  state: where.state,
  market: where.market,
  popularity: Math.round(popularity),
});

/**
 * The records of the site search: every placement, and every place a shop can be opened for (cities,
 * zip codes, markets, states), each leading to the shop for its main zip code.
 */
export function buildSearchRecords(rows: CatalogueRows): SearchRecord[] {
  return [...placementRecords(rows.media), ...placeRecords(rows)];
}

/** The site search's record of every placement, by code. */
export function placementRecords(media: CatalogueRows['media']): SearchRecord[] {
  return media
    .map((row) => row.media)
    .sort((a, b) => (a.mediacode < b.mediacode ? -1 : 1))
    .map((placement) => ({
      objectID: `media-${placement.mediacode}`,
      text: placement.name,
      type: placement.media_type,
      partner: placement.partner,
      url: mediaPath(placement),
      zip: null,
      place_kind: null,
      state: placement.state,
      market: placement.prodcode,
      popularity: placement.reach,
    }));
}

/**
 * The site search's record of every place: states, markets, cities and zip codes. They follow the zip
 * codes and markets only, so a change to placements alone leaves them as they are. Households per zip
 * are not stored, so a zip counts its market's households shared evenly among the market's zips:
 * enough to rank a big city above a small one, and places against each other.
 */
export function placeRecords(rows: Pick<CatalogueRows, 'zips' | 'markets'>): SearchRecord[] {
  // Every order below is made stable (ties broken by zip, name or code), whatever order rows come in.
  const zips = rows.zips;
  const markets = [...rows.markets].sort((a, b) => (a.prodcode < b.prodcode ? -1 : 1));
  const zipsOfMarket = new Map<string, ZipRow[]>();
  for (const z of zips) {
    const members = zipsOfMarket.get(z.prodcode);
    if (members) members.push(z);
    else zipsOfMarket.set(z.prodcode, [z]);
  }
  const householdsPerZip = new Map(
    markets.map((m) => [m.prodcode, m.households / (zipsOfMarket.get(m.prodcode)?.length || 1)]),
  );
  const zipHouseholds = (z: ZipRow) => householdsPerZip.get(z.prodcode) ?? 0;
  const zipMarket = new Map(zips.map((z) => [z.zip, z.prodcode]));

  const cities = new Map<string, City>();
  for (const z of zips) {
    const key = `${z.city}|${z.state}`;
    const city = cities.get(key) ?? { city: z.city, state: z.state, zips: [], mainZip: z.zip, households: 0 };
    city.zips.push(z);
    city.households += zipHouseholds(z);
    cities.set(key, city);
  }
  for (const city of cities.values()) {
    let lat = 0;
    let lng = 0;
    for (const z of city.zips) {
      lat += z.latitude;
      lng += z.longitude;
    }
    city.mainZip = centralZip(city.zips, lat / city.zips.length, lng / city.zips.length) ?? city.mainZip;
  }

  const records: SearchRecord[] = [];

  const marketZip = (m: MarketRow) => {
    const [cityName] = m.name.split(/,\s*(?=[A-Z]{2}$)/);
    const principal = cities.get(`${cityName}|${m.state}`);
    return principal?.mainZip ?? centralZip(zipsOfMarket.get(m.prodcode) ?? [], m.latitude, m.longitude);
  };
  const states = new Map<
    string,
    { households: number; biggestCity: City | null; biggestMarket: MarketRow | null }
  >();
  const stateOf = (code: string) => {
    const entry = states.get(code) ?? { households: 0, biggestCity: null, biggestMarket: null };
    states.set(code, entry);
    return entry;
  };
  for (const z of zips) stateOf(z.state).households += zipHouseholds(z);
  for (const c of cities.values()) {
    const entry = stateOf(c.state);
    const best = entry.biggestCity;
    if (
      !best ||
      c.zips.length > best.zips.length ||
      (c.zips.length === best.zips.length &&
        (c.households > best.households || (c.households === best.households && c.city < best.city)))
    )
      entry.biggestCity = c;
  }
  for (const m of markets) {
    const entry = stateOf(m.state);
    if (!entry.biggestMarket || m.households > entry.biggestMarket.households) entry.biggestMarket = m;
  }
  for (const [code, entry] of [...states].sort(([a], [b]) => (a < b ? -1 : 1))) {
    // A state with no market of its own (its zips belong to a neighbour's) opens at its biggest city.
    const zip = entry.biggestMarket ? marketZip(entry.biggestMarket) : (entry.biggestCity?.mainZip ?? null);
    records.push(
      location(
        `state-${slug(code)}`,
        stateName(code),
        'state',
        { state: code, zip, market: null },
        entry.households,
      ),
    );
  }

  const marketId = uniqueIds();
  for (const m of markets) {
    // Market names are "City, ST"; "Chicago, IL market" says what the hit is.
    records.push(
      location(
        `market-${marketId(slug(m.name))}`,
        `${m.name} market`,
        'market',
        { state: m.state, zip: marketZip(m), market: m.prodcode },
        m.households,
      ),
    );
  }

  const cityId = uniqueIds();
  const sortedCities = [...cities.values()].sort((a, b) =>
    a.city === b.city ? (a.state < b.state ? -1 : 1) : a.city < b.city ? -1 : 1,
  );
  for (const c of sortedCities) {
    const text = `${c.city}, ${c.state}`;
    const market = zipMarket.get(c.mainZip) ?? null;
    records.push(
      location(
        `city-${cityId(slug(text))}`,
        text,
        'city',
        { state: c.state, zip: c.mainZip, market },
        c.households,
      ),
    );
  }

  for (const z of zips) {
    records.push(
      location(
        `zip-${z.zip}`,
        `${z.zip} · ${z.city}, ${z.state}`,
        'zip',
        { state: z.state, zip: z.zip, market: z.prodcode },
        zipHouseholds(z),
      ),
    );
  }
  return records;
}
