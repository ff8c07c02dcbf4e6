import type { CarrierRoute, EddmMediaType } from '../../contract/directMail';
import type { Availability, AvailabilityOption } from '../../contract/quote';

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
