import { CITY_ZIPS } from './benchZips';

const TYPES = ['printmag', 'tv', 'ctv', 'dooh', 'digital', 'abdm', 'all'];
const LIFESTYLES = ['all', 'all', 'home-garden', 'food-dining', 'business-finance'];

/**
 * The shop's searches the API benchmarks send (POST paths): a realistic mix of pages of big and small
 * markets, with and without filters, first and later pages. The first is the magazines of downtown
 * Chicago.
 */
export const SHOP_SEARCHES: readonly string[] = [
  ...CITY_ZIPS.flatMap((zip, i) =>
    TYPES.map(
      (type, j) =>
        `/api/v1/media/search?media_types[]=${type}&lifestyle=${LIFESTYLES[(i + j) % LIFESTYLES.length]}&zip[]=${zip}&per_page=24`,
    ),
  ),
  ...TYPES.flatMap((type) =>
    [1, 2, 5].map((page) => `/api/v1/media/search?media_types[]=${type}&per_page=24&page=${page}`),
  ),
];
