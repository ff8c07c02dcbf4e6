import {
  LIFESTYLE_VALUES,
  LIFESTYLES,
  type LifestyleValue,
  MEDIA_TYPES,
  type MediaType,
} from '../../contract/mediaTypes';
import { mediaLabel } from './channels';
import { oneOf, positiveInt, type RawSearch, text, zipCode } from './searchParams';
import { readStore, type StorefrontStore, writeStore } from './storage';

const TYPE_VALUES = ['all', ...MEDIA_TYPES] as const;

/** The URL of a shop page: `?zip=60601&lifestyle=food-dining&type=tv&q=morning&page=2`. */
export interface ShopUrlSearch {
  zip?: string | undefined;
  lifestyle?: LifestyleValue | undefined;
  type?: MediaType | 'all' | undefined;
  q?: string | undefined;
  page?: number | undefined;
}

/** A value that does not fit is dropped rather than failing the page (old or hand-edited links keep working). */
export function parseShopSearch(raw: RawSearch): ShopUrlSearch {
  const search: ShopUrlSearch = {
    zip: zipCode(raw.zip),
    lifestyle: oneOf(raw.lifestyle, LIFESTYLE_VALUES),
    type: oneOf(raw.type, TYPE_VALUES),
    q: text(raw.q, 100),
    page: positiveInt(raw.page, 10_000),
  };
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined));
}

/** The stored shop search parameters of SPEC section 3. */
export interface StoredShopSearch {
  lifestyle: { label: string; value: LifestyleValue };
  mediaTypes: { label: string; value: string };
  zip: string;
  search: string;
}

export const DEFAULT_SHOP_SEARCH: StoredShopSearch = {
  lifestyle: { label: 'Everything', value: 'all' },
  mediaTypes: { label: 'Show all', value: 'all' },
  zip: '',
  search: '',
};

export const lifestyleOption = (value: LifestyleValue) =>
  LIFESTYLES.find((l) => l.value === value) ?? LIFESTYLES[0];

export const mediaTypeOption = (value: string) =>
  value === 'all'
    ? DEFAULT_SHOP_SEARCH.mediaTypes
    : { label: mediaLabel(value, value === 'digital' ? 'google' : null), value };

/** The stored parameters, falling back field by field to the defaults when storage holds junk. */
export function readShopSearch(read: () => StorefrontStore = readStore): StoredShopSearch {
  const stored = read().shopSearch as Partial<Record<keyof StoredShopSearch, unknown>> | undefined;
  const storedLifestyle = oneOf(
    (stored?.lifestyle as { value?: unknown } | undefined)?.value,
    LIFESTYLE_VALUES,
  );
  const storedType = oneOf((stored?.mediaTypes as { value?: unknown } | undefined)?.value, TYPE_VALUES);
  return {
    lifestyle: storedLifestyle ? lifestyleOption(storedLifestyle) : DEFAULT_SHOP_SEARCH.lifestyle,
    mediaTypes: storedType ? mediaTypeOption(storedType) : DEFAULT_SHOP_SEARCH.mediaTypes,
    zip: zipCode(stored?.zip) ?? '',
    search: typeof stored?.search === 'string' ? stored.search.slice(0, 100) : '',
  };
}

export function writeShopSearch(
  next: StoredShopSearch,
  write: (patch: Partial<StorefrontStore>) => void = writeStore,
): void {
  write({ shopSearch: next });
}

/** Stored parameters → URL search (only what differs from the defaults, so URLs stay short). */
export function storedToUrl(stored: StoredShopSearch, withType: boolean): ShopUrlSearch {
  const type = oneOf(stored.mediaTypes.value, TYPE_VALUES);
  return {
    zip: stored.zip || undefined,
    lifestyle: stored.lifestyle.value === 'all' ? undefined : stored.lifestyle.value,
    type: withType && type && type !== 'all' ? type : undefined,
    q: stored.search || undefined,
  };
}

/** URL search → stored parameters; the media type is only taken from pages that choose it. */
export function urlToStored(
  url: ShopUrlSearch,
  previous: StoredShopSearch,
  withType: boolean,
): StoredShopSearch {
  return {
    lifestyle: lifestyleOption(url.lifestyle ?? 'all'),
    mediaTypes: withType ? mediaTypeOption(url.type ?? 'all') : previous.mediaTypes,
    zip: url.zip ?? '',
    search: url.q ?? '',
  };
}

/**
 * Remembers the market of a zip code the visitor shops in, as the shop's search named it (its answer
 * for one zip code names the one market it is in): the site search ranks that market first while
 * that zip code is the stored one (features/search/useVisitorMarket.ts).
 */
export function rememberVisitorMarket(
  zip: string,
  markets: ReadonlyArray<{ prodcode: string }>,
  write: (patch: Partial<StorefrontStore>) => void = writeStore,
): void {
  const [market] = markets;
  if (market && markets.length === 1) write({ visitorMarket: { zip, prodcode: market.prodcode } });
}
