import type { MediaType } from '../../../contract/mediaTypes';
import type { MediaSearchPage } from '../../api/media';
import {
  readShopSearch,
  rememberVisitorMarket,
  type ShopUrlSearch,
  storedToUrl,
  urlToStored,
  writeShopSearch,
} from '../../lib/shopSearch';
import { mediaCalls } from '../../system/mediaCalls';

export const SHOP_PER_PAGE = 24;

const hasFilters = (search: ShopUrlSearch, withType: boolean) =>
  Boolean(search.zip || search.lifestyle || search.q || (withType && search.type));

/**
 * Keeps the shop's URL and the stored search parameters together: a bare shop URL takes the stored
 * parameters (so a visitor's zip follows them around), and a URL with parameters is remembered.
 * Returns the redirect to throw, if any.
 */
export function syncShopSearch(search: ShopUrlSearch, withType: boolean, preload: boolean) {
  if (!hasFilters(search, withType)) {
    const fromStore = storedToUrl(readShopSearch(), withType);
    if (hasFilters(fromStore, withType)) return { ...fromStore, page: search.page };
    return null;
  }
  if (!preload) writeShopSearch(urlToStored(search, readShopSearch(), withType));
  return null;
}

/** Remembers a filter change the visitor made, before the URL changes. */
export function rememberShopSearch(next: ShopUrlSearch, withType: boolean) {
  writeShopSearch(urlToStored(next, readShopSearch(), withType));
}

export async function loadShopResults(
  search: ShopUrlSearch,
  mediaTypes: readonly MediaType[] | null,
): Promise<MediaSearchPage | undefined> {
  const page = await mediaCalls.searchMedia({
    mediaTypes: mediaTypes ?? (search.type ? [search.type] : ['all']),
    lifestyle: search.lifestyle ?? 'all',
    zips: search.zip ? [search.zip] : [],
    search: search.q,
    page: search.page,
    perPage: SHOP_PER_PAGE,
  });
  // The answer names the zip code's market: the site search ranks it first from now on.
  if (page && search.zip) rememberVisitorMarket(search.zip, page.markets);
  return page;
}

/**
 * The /shop search after picking a place: the stored parameters (lifestyle, media type, words) with
 * the new zip code, remembered for the next visit.
 */
export function shopSearchForZip(zip: string): ShopUrlSearch {
  const stored = { ...readShopSearch(), zip };
  writeShopSearch(stored);
  return storedToUrl(stored, true);
}
