import { z } from 'zod/mini';
import { LIFESTYLE_VALUES, LIFESTYLES, type LifestyleValue, MEDIA_TYPES } from '../../../contract/mediaTypes';
import { mediaLabel } from '../../lib/channels';
import { readStore, writeStore } from '../../lib/storage';

const typeValue = z.enum(['all', ...MEDIA_TYPES]);
const lifestyle = z.enum(LIFESTYLE_VALUES);
const zip = z.string().check(z.regex(/^\d{5}$/));
/** The router decodes `?zip=60601` as the number 60601 (and `q=true` as a boolean): take them back as text. */
const text = z.pipe(
  z.union([z.string(), z.number(), z.boolean()]),
  z.transform((value) => String(value)),
);
const asText = <T extends z.ZodMiniType<unknown, string>>(schema: T) => z.pipe(text, schema);

/**
 * The URL of a shop page: `?zip=60601&lifestyle=food-dining&type=tv&q=morning&page=2`. A value that
 * does not fit is dropped rather than failing the page (old or hand-edited links keep working).
 */
export const shopUrlSearch = z.object({
  zip: z.catch(z.optional(asText(zip)), undefined),
  lifestyle: z.catch(z.optional(lifestyle), undefined),
  type: z.catch(z.optional(typeValue), undefined),
  q: z.catch(z.optional(asText(z.string().check(z.trim(), z.maxLength(100)))), undefined),
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000))), undefined),
});
export type ShopUrlSearch = z.infer<typeof shopUrlSearch>;

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
export function readShopSearch(): StoredShopSearch {
  const stored = readStore().shopSearch as Partial<Record<keyof StoredShopSearch, unknown>> | undefined;
  const storedLifestyle = lifestyle.safeParse((stored?.lifestyle as { value?: unknown } | undefined)?.value);
  const storedType = typeValue.safeParse((stored?.mediaTypes as { value?: unknown } | undefined)?.value);
  const storedZip = zip.safeParse(stored?.zip);
  return {
    lifestyle: storedLifestyle.success
      ? lifestyleOption(storedLifestyle.data)
      : DEFAULT_SHOP_SEARCH.lifestyle,
    mediaTypes: storedType.success ? mediaTypeOption(storedType.data) : DEFAULT_SHOP_SEARCH.mediaTypes,
    zip: storedZip.success ? storedZip.data : '',
    search: typeof stored?.search === 'string' ? stored.search.slice(0, 100) : '',
  };
}

export function writeShopSearch(next: StoredShopSearch): void {
  writeStore({ shopSearch: next });
}

/** Stored parameters → URL search (only what differs from the defaults, so URLs stay short). */
export function storedToUrl(stored: StoredShopSearch, withType: boolean): ShopUrlSearch {
  const type = typeValue.safeParse(stored.mediaTypes.value);
  return {
    zip: stored.zip || undefined,
    lifestyle: stored.lifestyle.value === 'all' ? undefined : stored.lifestyle.value,
    type: withType && type.success && type.data !== 'all' ? type.data : undefined,
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
