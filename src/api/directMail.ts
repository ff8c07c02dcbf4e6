import type { Cart } from '../../contract/cart';
import type {
  AbdmQuote,
  AbdmRates,
  EddmArea,
  EddmAreaBody,
  EddmAreaPatch,
  EddmAreas,
  EddmCart,
  EddmCartBody,
  EddmMediaType,
  EddmNear,
  EddmZip,
  MapContext,
  MarketGeo,
  NearbyMarket,
  NearQuery,
  RouteGeometry,
  ZipGeometry,
} from '../../contract/directMail';
import { call } from './client';
import { dataOr } from './dataOr';
import { type Result, toDone, toResult } from './result';

/** The API's own sentence when there is one ("There is no zip code 99999."), else the generic text. */
export const reasonOf = (error: unknown): string => {
  const cause = error instanceof Error ? (error.cause as { message?: string } | undefined) : undefined;
  return cause?.message || (error instanceof Error ? error.message : 'Something went wrong.');
};

// Every-door direct mail.
export const fetchEddmZip = (zip: string) =>
  dataOr(call<EddmZip>('/eddm/zip', { query: { zip } }), 'Error fetching carrier routes');
export const fetchZipGeometry = (zip: string) =>
  dataOr(call<ZipGeometry>('/eddm/zipgeom', { query: { zip } }), 'Error fetching the zip code area');
/** Issue 34: the neighbouring zip codes and places the offline map labels around a zip code. */
export const fetchMapContext = (zip: string) =>
  dataOr(call<MapContext>('/eddm/context', { query: { zip } }), 'Error fetching the map around the zip code');
export const fetchRouteBounds = (routecode: string) =>
  dataOr(call<RouteGeometry>('/eddm/routebounds', { query: { routecode } }), 'Error fetching route bounds');
/** GET /eddm/near: every carrier route within `miles` of a point (the business's pin), of any zip code. */
export const fetchEddmNear = (query: NearQuery) =>
  dataOr(call<EddmNear>('/eddm/near', { query }), 'Error fetching the routes around your pin');
export const fetchEddmMediaType = () =>
  dataOr(call<EddmMediaType>('/media/type/eddm'), 'Error fetching every-door pricing');
export const fetchEddmCart = (id: string) =>
  dataOr(call<EddmCart>(`/eddm/cart/${encodeURIComponent(id)}`), 'Error loading your route selection');
/** POST /eddm/cart (a new selection) or /eddm/cart/{id} (replacing it). */
export const saveEddmCart = (id: string | null, body: EddmCartBody) =>
  dataOr(
    call<EddmCart>(id ? `/eddm/cart/${encodeURIComponent(id)}` : '/eddm/cart', { method: 'post', body }),
    'Error saving your route selection',
  );
/** POST /eddm/campaign/create: the selection becomes an item of the main cart, whose answer replaces it. */
export const createEddmCampaign = async (body: {
  date_start: string;
  eddmcartid: string;
  cartid: string | null;
}): Promise<Result<Cart>> =>
  toResult(
    await call<Cart>('/eddm/campaign/create', {
      method: 'post',
      body: { ...body, cartid: body.cartid ?? undefined },
      auth: 'optional',
    }),
  );

// Saved every-door areas (issue 34): the company's, for a signed-in person.
/** GET /eddm/areas: the company's saved areas, their counts read now. */
export const fetchEddmAreas = async (): Promise<EddmArea[]> =>
  (await dataOr(call<EddmAreas>('/eddm/areas', { auth: true }), 'Error loading your saved areas')).areas;
/** POST /eddm/areas: the selection saved under a name. */
export const createEddmArea = async (body: EddmAreaBody): Promise<Result<EddmArea>> =>
  toResult(await call<EddmArea>('/eddm/areas', { method: 'post', body, auth: true }));
/** PATCH /eddm/areas/{id}: renamed, or its routes replaced. */
export const updateEddmArea = async (id: string, body: EddmAreaPatch): Promise<Result<EddmArea>> =>
  toResult(
    await call<EddmArea>(`/eddm/areas/${encodeURIComponent(id)}`, { method: 'patch', body, auth: true }),
  );
/** DELETE /eddm/areas/{id}. */
export const deleteEddmArea = async (id: string): Promise<Result<null>> =>
  toDone(await call<null>(`/eddm/areas/${encodeURIComponent(id)}`, { method: 'delete', auth: true }));

// Audience-based direct mail.
export const fetchAbdmRates = (query: { zip?: string } = {}) =>
  dataOr(call<AbdmRates>('/abdm/rates', { query }), 'Error fetching ABDM rates');
export const quoteAbdm = async (mediacode: string, zipcodes: readonly string[]): Promise<Result<AbdmQuote>> =>
  toResult(
    await call<AbdmQuote>('/abdm/campaign/quote', {
      method: 'post',
      body: { mediacode, zipcodes: zipcodes.join(',') },
    }),
  );
export const createAbdmCampaign = async (body: {
  mediacode: string;
  zipcodes: readonly string[];
  date_start: string;
  cartid: string | null;
}): Promise<Result<Cart>> =>
  toResult(
    await call<Cart>('/abdm/campaign/create', {
      method: 'post',
      body: { ...body, zipcodes: body.zipcodes.join(','), cartid: body.cartid ?? undefined },
      auth: 'optional',
    }),
  );

// Market maps.
export const fetchMarketGeo = (prodcode: string) =>
  dataOr(call<MarketGeo>('/market/geo', { query: { prodcode } }), 'Error fetching Market boundary');
export const fetchNearbyMarket = (lat: number, lng: number, mediacode?: string) =>
  dataOr(
    call<NearbyMarket>('/market/nearby', { query: { lat, lng, mediacode } }),
    'Error fetching nearby market',
  );
