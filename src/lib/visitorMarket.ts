import { readShopSearch } from './shopSearch';
import { readStore, type StorefrontStore, writeStore } from './storage';

/**
 * The market of the zip code the visitor shops in, as the shop's search answered it: the site search
 * ranks that market's hits first. Kept with its zip code, so it counts only while that zip code is the
 * stored shop search's (clearing or changing it ends it).
 */
interface VisitorMarket {
  zip: string;
  prodcode: string;
}

const isVisitorMarket = (value: unknown): value is VisitorMarket =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as VisitorMarket).zip === 'string' &&
  typeof (value as VisitorMarket).prodcode === 'string';

/** Remembers a zip code's market: the shop's answer for one zip code names the one market it is in. */
export function rememberVisitorMarket(
  zip: string,
  markets: ReadonlyArray<{ prodcode: string }>,
  write: (patch: Partial<StorefrontStore>) => void = writeStore,
): void {
  const [market] = markets;
  if (market && markets.length === 1) write({ visitorMarket: { zip, prodcode: market.prodcode } });
}

/** The visitor's market: the remembered one of the stored shop search's zip code, else null. */
export function visitorMarketOf(read: () => StorefrontStore = readStore): string | null {
  const { zip } = readShopSearch(read);
  const remembered = read().visitorMarket;
  return zip && isVisitorMarket(remembered) && remembered.zip === zip ? remembered.prodcode : null;
}
