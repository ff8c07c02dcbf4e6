import type { Cart, CartItem } from '../../contract/cart';
import type {
  Bbox,
  CarrierRoute,
  EddmMediaType,
  EddmPricing,
  LatLng,
  RouteShape,
} from '../../contract/directMail';
import type { Availability, AvailabilityOption } from '../../contract/quote';
import type { LoadedZip } from '../../machines/eddm/eddm.machine';

/** A carrier route of the zip code its code begins with. */
export const route = (routecode: string, residential: number, business: number): CarrierRoute => ({
  routecode,
  crid: routecode.slice(5),
  kind: 'city',
  residential,
  business,
  total: residential + business,
  label: { lat: 41.9, lng: -87.6 },
  median_age: 34,
  median_income: 72_000,
  household_size: 2.2,
});

/** Chicago's every-door placement's price, the one the fixtures' zip codes are priced at unless told. */
export const CHICAGO_PRICING: EddmPricing = { mediacode: 'ED508-01', per_thousand_cents: 40_000 };

/**
 * A zip code as the every-door machine loads it (in Chicago's market unless told): its routes and
 * price, an empty outline over its box, and the routes' shapes when the test draws them.
 */
export const loadedZipOf = (
  zip: string,
  routes: CarrierRoute[],
  {
    pricing = CHICAGO_PRICING,
    bbox = [-87.7, 41.9, -87.6, 41.95],
    center = { lat: 41.92, lng: -87.65 },
    shapes = {},
  }: { pricing?: EddmPricing; bbox?: Bbox; center?: LatLng; shapes?: Record<string, RouteShape> } = {},
): LoadedZip => ({
  area: {
    zip,
    city: 'Chicago',
    state: 'IL',
    prodcode: 'MKT508',
    market: 'Chicago, IL',
    center,
    bbox,
    routes,
    pricing,
  },
  outline: { zip, geometry: { type: 'Polygon', coordinates: [] }, bbox, routes: [] },
  shapes,
});

/** How every-door mail is sold, with USPS's minimum of pieces. */
export const mediaTypeOf = (minimum: number): EddmMediaType => ({
  media_type: 'eddm',
  label: 'Every Door Direct Mail',
  description: 'A postcard to every address on the routes chosen.',
  piece: '6.25 × 9 in postcard',
  minimum_pieces: minimum,
  maximum_pieces: 500_000,
  default_per_thousand_cents: 50_000,
  includes: ['Printing', 'Postage'],
});

/** A drop week, open unless told. */
export const week = (value: string, available = true): AvailabilityOption => ({
  value,
  label: `Mon ${value}`,
  available,
  deadline: value,
  unavailable: available ? null : 'sold-out',
});

/** A placement's drop weeks. */
export const availabilityOf = (mediacode: string, options: AvailabilityOption[]): Availability => ({
  mediacode,
  kind: 'weeks',
  options,
  quantity_label: 'postcards',
  quantities: [],
  max_dates: 1,
});

/** An every-door mailing in the cart: its routes, homes only or not, and its drop week. */
export interface MailingItem {
  routes: string[];
  residentialOnly?: boolean;
  week: string;
}

/** An item of the main cart as the API answers it: an every-door mailing (with its routes) or a magazine. */
const cartItemOf = (id: number, mailing: MailingItem | null): CartItem => ({
  id,
  image: '/i.svg',
  price_formatted: '$100',
  order: null,
  summary: {
    summary_title: mailing ? 'Every Door Direct Mail: 60614' : 'A magazine',
    summary_line_1: '',
    summary_line_2: '',
  },
  mediacode: mailing ? 'ED508-01' : 'PM501-01',
  media_type: mailing ? 'eddm' : 'printmag',
  market: 'Chicago, IL',
  price: 100,
  unit_price: 100,
  qty: 1,
  dates: mailing ? [mailing.week] : ['2027/03'],
  issue: mailing ? null : '2027/03',
  date_start: mailing ? mailing.week : null,
  created_at: '2027-01-01T00:00:00Z',
  campaign: mailing !== null,
  ...(mailing
    ? { eddm: { routes: mailing.routes, residential_only: mailing.residentialOnly ?? false } }
    : {}),
});

/** The main cart holding these items, newest first (null: a magazine, which carries no routes). */
export const cartOf = (uuid: string, items: ReadonlyArray<MailingItem | null> = []): Cart => ({
  uuid,
  total: items.length * 100,
  total_formatted: `$${items.length * 100}`,
  status: 'open',
  contents: { items: items.map((mailing, i) => cartItemOf(items.length - i, mailing)) },
});
