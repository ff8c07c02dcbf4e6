import type { Demographics, MarketDetails, Poi } from '../../contract/market';
import type { Availability, Quote } from '../../contract/quote';
import { call } from './client';
import { dataOr } from './dataOr';

/** GET /market/demographics (prodcode, mediacode) → data.demographics. */
export const fetchDemographics = async (prodcode: string, mediacode: string): Promise<Demographics> =>
  (
    await dataOr(
      call<{ demographics: Demographics }>('/market/demographics', { query: { prodcode, mediacode } }),
      'Error fetching demographics',
    )
  ).demographics;

/** GET /market/details (mediacode, prodcode, zips_expanded). */
export const fetchMarketDetails = (
  prodcode: string,
  mediacode: string,
  zipsExpanded = false,
): Promise<MarketDetails> =>
  dataOr(
    call<MarketDetails>('/market/details', {
      query: { prodcode, mediacode, zips_expanded: zipsExpanded ? 1 : 0 },
    }),
    'Error fetching market details',
  );

/** GET /market/poi (prodcode, mediacode). */
export const fetchMarketPoi = async (prodcode: string, mediacode: string): Promise<Poi[]> =>
  (
    await dataOr(
      call<{ poi: Poi[] }>('/market/poi', { query: { prodcode, mediacode } }),
      'Error fetching market poi',
    )
  ).poi;

/** GET /media/{mediacode}/availability (prodcode). */
export const fetchAvailability = (mediacode: string, prodcode: string | null): Promise<Availability> =>
  dataOr(
    call<Availability>(`/media/${encodeURIComponent(mediacode)}/availability`, {
      query: { prodcode: prodcode ?? undefined },
    }),
    'Error fetching availability',
  );

/** GET /media/{mediacode}/quote (dates[], quantity): the price, computed by the server. */
export const fetchQuote = (mediacode: string, dates: readonly string[], quantity: number): Promise<Quote> =>
  dataOr(
    call<Quote>(`/media/${encodeURIComponent(mediacode)}/quote`, { query: { dates, quantity } }),
    'Error fetching quote',
  );
