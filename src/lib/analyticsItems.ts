/**
 * The analytics item of SPEC section 3, mapped from a media record or a cart item: mediacode becomes
 * id; name is media_type joined with the summary title; price from unit_price; market; variant
 * (media_type); delivery year and month from an issue written year/month, else from the first two
 * dash-separated parts of date_start; quantity from qty, default 1.
 */
export interface AnalyticsSource {
  mediacode: string;
  media_type: string;
  unit_price: number;
  market: string;
  /** A cart item's summary; a media record has its name instead. */
  summary?: { summary_title: string } | undefined;
  name?: string | undefined;
  issue?: string | null | undefined;
  date_start?: string | null | undefined;
  qty?: number | undefined;
}

export interface AnalyticsItem {
  id: string;
  name: string;
  price: number;
  market: string;
  variant: string;
  delivery_year: string;
  delivery_month: string;
  quantity: number;
}

function delivery(source: AnalyticsSource): { year: string; month: string } {
  const issue = source.issue?.match(/^(\d{4})\/(\d{1,2})$/);
  if (issue) return { year: issue[1] ?? '', month: issue[2] ?? '' };
  const [year = '', month = ''] = (source.date_start ?? '').split('-');
  return { year, month };
}

export function toAnalyticsItem(source: AnalyticsSource): AnalyticsItem {
  const title = source.summary?.summary_title ?? source.name ?? '';
  const { year, month } = delivery(source);
  return {
    id: source.mediacode,
    name: [source.media_type, title].filter(Boolean).join(' - '),
    price: source.unit_price,
    market: source.market,
    variant: source.media_type,
    delivery_year: year,
    delivery_month: month,
    quantity: source.qty ?? 1,
  };
}

/** Items grouped under an upper-cased key (by default their variant: PRINTMAG, TV...). */
export function groupAnalyticsItems(
  items: readonly AnalyticsItem[],
  keyOf: (item: AnalyticsItem) => string = (item) => item.variant,
): Record<string, AnalyticsItem[]> {
  const groups: Record<string, AnalyticsItem[]> = {};
  for (const item of items) {
    const key = keyOf(item).toUpperCase();
    groups[key] = [...(groups[key] ?? []), item];
  }
  return groups;
}
