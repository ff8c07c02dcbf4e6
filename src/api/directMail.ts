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
import { type Result, toDone, toResult } from './result';

// Every-door direct mail.
export const fetchEddmZip = async (zip: string): Promise<Result<EddmZip>> =>
  toResult(await call<EddmZip>('/eddm/zip', { query: { zip } }));
export const fetchZipGeometry = async (zip: string): Promise<Result<ZipGeometry>> =>
  toResult(await call<ZipGeometry>('/eddm/zipgeom', { query: { zip } }));
/** Issue 34: the neighbouring zip codes and places the offline map labels around a zip code. */
export const fetchMapContext = async (zip: string): Promise<Result<MapContext>> =>
  toResult(await call<MapContext>('/eddm/context', { query: { zip } }));
export const fetchRouteBounds = async (routecode: string): Promise<Result<RouteGeometry>> =>
  toResult(await call<RouteGeometry>('/eddm/routebounds', { query: { routecode } }));
/** GET /eddm/near: every carrier route within `miles` of a point (the business's pin), of any zip code. */
export const fetchEddmNear = async (query: NearQuery): Promise<Result<EddmNear>> =>
  toResult(await call<EddmNear>('/eddm/near', { query }));
export const fetchEddmMediaType = async (): Promise<Result<EddmMediaType>> =>
  toResult(await call<EddmMediaType>('/media/type/eddm'));
export const fetchEddmCart = async (id: string): Promise<Result<EddmCart>> =>
  toResult(await call<EddmCart>(`/eddm/cart/${encodeURIComponent(id)}`));
/** POST /eddm/cart (a new selection) or /eddm/cart/{id} (replacing it). */
export const saveEddmCart = async (id: string | null, body: EddmCartBody): Promise<Result<EddmCart>> =>
  toResult(
    await call<EddmCart>(id ? `/eddm/cart/${encodeURIComponent(id)}` : '/eddm/cart', {
      method: 'post',
      body,
    }),
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
export const fetchEddmAreas = async (): Promise<Result<EddmAreas>> =>
  toResult(await call<EddmAreas>('/eddm/areas', { auth: true }));
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
export const fetchAbdmRates = async (query: { zip?: string } = {}): Promise<Result<AbdmRates>> =>
  toResult(await call<AbdmRates>('/abdm/rates', { query }));
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
export const fetchMarketGeo = async (prodcode: string): Promise<Result<MarketGeo>> =>
  toResult(await call<MarketGeo>('/market/geo', { query: { prodcode } }));
export const fetchNearbyMarket = async (
  lat: number,
  lng: number,
  mediacode?: string,
): Promise<Result<NearbyMarket>> =>
  toResult(await call<NearbyMarket>('/market/nearby', { query: { lat, lng, mediacode } }));
