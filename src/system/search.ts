import { shopPathForZip } from '../../contract/shopPaths';
import { type ChosenHit, searchDrawerMachine } from '../../machines/searchDrawer/searchDrawer.machine';
import { readShopSearch, writeShopSearch } from '../lib/shopSearch';
import { sitePath } from '../lib/sitePath';
import type { StorefrontStore } from '../lib/storage';
import type { AppEnvironment, AppServices } from './environment';

export type HitDestination =
  /** A place with a zip code: the shop there, with the stored search set to it. */
  | { kind: 'shop'; zip: string; path: string }
  | { kind: 'page'; path: string }
  /** A record pointing off the site (hosted indexes are edited elsewhere): not followed. */
  | { kind: 'offSite'; url: string };

/**
 * Where choosing a hit leads (SPEC section 2): a location hit with a zip opens /shop there; any other
 * hit opens its page, but only a page of this site, so a record cannot send people off the site or
 * run a javascript: URL.
 */
export function hitDestination(hit: ChosenHit, origin: string): HitDestination {
  if (hit.type === 'location' && hit.zip)
    return { kind: 'shop', zip: hit.zip, path: shopPathForZip(hit.zip) };
  const path = sitePath(hit.url, origin);
  return path ? { kind: 'page', path } : { kind: 'offSite', url: hit.url };
}

/** What lib/shopSearch.ts's rememberVisitorMarket keeps. */
interface VisitorMarket {
  zip: string;
  prodcode: string;
}

const isVisitorMarket = (value: unknown): value is VisitorMarket =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as VisitorMarket).zip === 'string' &&
  typeof (value as VisitorMarket).prodcode === 'string';

/**
 * The visitor's market: the one remembered for the stored shop search's zip code, else null (no zip
 * code, another one since, or junk in storage).
 */
export function visitorMarketOf(read: () => StorefrontStore): string | null {
  const { zip } = readShopSearch(read);
  const remembered = read().visitorMarket;
  return zip && isVisitorMarket(remembered) && remembered.zip === zip ? remembered.prodcode : null;
}

/** The search drawer machine with its effects: the search code, the stored zip, and following hits. */
export function searchLogic(env: AppEnvironment, services: AppServices) {
  return searchDrawerMachine.provide({
    actions: {
      loadSearchCode: () => void services.loadSearchCode(),
      clearStoredZip: () => writeShopSearch({ ...readShopSearch(env.store.read), zip: '' }, env.store.write),
      followHit: (_, { hit }) => {
        const destination = hitDestination(hit, env.address().origin);
        if (destination.kind === 'shop')
          writeShopSearch({ ...readShopSearch(env.store.read), zip: destination.zip }, env.store.write);
        if (destination.kind === 'offSite')
          env.log.warn(`A search hit pointed off the site and was not followed: ${destination.url}`);
        else env.navigator.go(destination.path);
      },
    },
  });
}
