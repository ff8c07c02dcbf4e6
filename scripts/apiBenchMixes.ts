/**
 * The request mixes `npm run bench:api` sends: the shop's distinct searches, one search repeated, and
 * searches never asked before. Its own file because it is data, apart from the load and the tables.
 */
import { SHOP_SEARCHES } from './shopSearches';

// The first of the shop's searches, the magazines of downtown Chicago.
const ONE = SHOP_SEARCHES.slice(0, 1);

export interface Mix {
  name: string;
  /** The paths sent in turn, or the path of the nth request (`fresh`). */
  paths: readonly string[];
  fresh?: (n: number) => string;
  /** Its name in the progress lines. */
  short: string;
}
export const DISTINCT_MIX: Mix = {
  name: `${SHOP_SEARCHES.length} distinct searches`,
  short: 'distinct searches',
  paths: SHOP_SEARCHES,
};
/** The shop's searches of a place (with a zip code): the same work as theirs, once their zip codes are looked up. */
const PLACE_SEARCHES = SHOP_SEARCHES.filter((path) => path.includes('zip[]='));
/**
 * Searches never asked before in the run: the shop's searches of a place, each with two zip codes more
 * that no place has (00001 to 00099), a pair that differs for each of the first 1.3 million requests,
 * so no answer the server kept serves them, as the first time a search is asked after a catalogue
 * change or on a new day. They find what the shop's search finds, and say the two zip codes are unknown.
 */
const FRESH_MIX: Mix = {
  name: 'searches never asked before (the shop’s of a place, each with two unknown zip codes)',
  short: 'new searches',
  paths: [],
  fresh: (n) => {
    const unknown = (k: number) => String((k % 99) + 1).padStart(5, '0');
    const base = PLACE_SEARCHES[Math.floor(n / (99 * 99)) % PLACE_SEARCHES.length];
    return `${base}&zip[]=${unknown(n)}&zip[]=${unknown(Math.floor(n / 99))}`;
  },
};
export const MIXES: Mix[] = [
  DISTINCT_MIX,
  { name: `one search repeated (${ONE.join('')})`, short: 'one search', paths: ONE },
  FRESH_MIX,
];
