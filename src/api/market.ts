import type { Demographics, MarketDetails, Poi } from '../../contract/market';
import type { Availability, Quote } from '../../contract/quote';
import { call } from './client';
import { type Result, toResult } from './result';

/** GET /market/demographics (prodcode, mediacode). */
export const fetchDemographics = async (
  prodcode: string,
  mediacode: string,
): Promise<Result<{ demographics: Demographics }>> =>
  toResult(
    await call<{ demographics: Demographics }>('/market/demographics', { query: { prodcode, mediacode } }),
  );

/** GET /market/details (mediacode, prodcode, zips_expanded). */
export const fetchMarketDetails = async (
  prodcode: string,
  mediacode: string,
  zipsExpanded = false,
): Promise<Result<MarketDetails>> =>
  toResult(
    await call<MarketDetails>('/market/details', {
      query: { prodcode, mediacode, zips_expanded: zipsExpanded ? 1 : 0 },
    }),
  );

/** GET /market/poi (prodcode, mediacode). */
export const fetchMarketPoi = async (prodcode: string, mediacode: string): Promise<Result<{ poi: Poi[] }>> =>
  toResult(await call<{ poi: Poi[] }>('/market/poi', { query: { prodcode, mediacode } }));

/** GET /media/{mediacode}/availability (prodcode). */
export const fetchAvailability = async (
  mediacode: string,
  prodcode: string | null,
): Promise<Result<Availability>> =>
  toResult(
    await call<Availability>(`/media/${encodeURIComponent(mediacode)}/availability`, {
      query: { prodcode: prodcode ?? undefined },
    }),
  );

/** GET /media/{mediacode}/quote (dates[], quantity): the price, computed by the server. */
export const fetchQuote = async (
  mediacode: string,
  dates: readonly string[],
  quantity: number,
): Promise<Result<Quote>> =>
  toResult(
    await call<Quote>(`/media/${encodeURIComponent(mediacode)}/quote`, { query: { dates, quantity } }),
  );
