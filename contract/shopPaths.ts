import type { MediaType } from './mediaTypes';

/**
 * The shop section (its path segment) each media type is sold in. The storefront's sections and the
 * API's search hits (their `url`) both build paths from it, so a link from search lands on the page.
 */
export const SECTION_OF_TYPE: Record<MediaType, string> = {
  printmag: 'magazines',
  digital: 'websites',
  tv: 'tv',
  ctv: 'ctv',
  dooh: 'out-of-home',
  abdm: 'direct-mail',
  eddm: 'every-door-direct-mail',
  email: 'email',
  custom: 'design',
};

/** The detail page of a placement: `/shop/{section}/{mediacode}`. */
export const mediaPath = (media: { media_type: MediaType; mediacode: string }) =>
  `/shop/${SECTION_OF_TYPE[media.media_type]}/${media.mediacode}`;

/** The shop for a zip code (a location search hit leads here; the page stores the zip). */
export const shopPathForZip = (zip: string) => `/shop?zip=${encodeURIComponent(zip)}`;

/** The every-door mail planner: where the every-door spec sheet (and the Direct Mail menu) sends a buyer. */
export const EDDM_PLANNER_PATH = '/ads/direct-mail/?m=eddm';
