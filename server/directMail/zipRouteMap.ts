import type { AreaGeometry, Bbox, CarrierRoute, RouteGeometry } from '../../contract/directMail';

/** A zip code's carrier routes as the map draws them: each route, its shape, and the zip code's outline. */
export interface ZipRouteMap {
  zip: string;
  routes: CarrierRoute[];
  /** One shape per route, in the order of `routes`. */
  shapes: RouteGeometry[];
  /** The zip code's outline: its generated area, or around the real routes' streets (USPS). */
  outline: AreaGeometry;
  bbox: Bbox;
}
