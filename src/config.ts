/**
 * Every configurable value of the storefront, typed, with the defaults of SPEC.md. Values come from
 * `VITE_*` variables at build time (see README.md, "Configuration").
 */
import { productSlug } from '../contract/contentPages';
import { DEFAULT_SEARCH_INDEX } from '../contract/search';

const env = import.meta.env;

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : !['0', 'false', 'off', 'no'].includes(value.toLowerCase());

const whole = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value && Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
};

const productName = env.VITE_PRODUCT_NAME || 'Adlane';
const apiHost = (env.VITE_API_HOST || '').replace(/\/+$/, '');

export const config = {
  /** Brand name shown across the product ({product} in SPEC.md). */
  productName,
  /** Prefix of storage keys and cookie names: `adlaneStorefrontStore`, `adlane_browser_id`. */
  storagePrefix: productSlug(productName),
  contactPhone: env.VITE_CONTACT_PHONE || '(800) 555-0142',
  contactEmail: env.VITE_CONTACT_EMAIL || 'hello@adlane.example',
  /** Origin of the REST API; empty means the embedded API on the same origin. */
  apiHost,
  /** Base of every REST call (SPEC section 7: the API host under /api/v1). */
  apiBase: `${apiHost}/api/v1`,
  /** A sign-in is trusted for this long after its token was created (one day). */
  authTimeoutMs: whole(env.VITE_AUTH_TIMEOUT_MS, 86_400_000),
  /** Sign out here when the shared dashboard cookie disappears (single sign-on cascade logout). */
  ssoLogout: flag(env.VITE_SSO_LOGOUT, true),
  /** Where a signed-in user lands when opening /login, /register and the reset pages. */
  postLoginUrl: env.VITE_POST_LOGIN_URL || '/dashboard',
  /** Parent domain for shared cookies (`.adlane.example`); empty means the current host only. */
  cookieDomain: env.VITE_COOKIE_DOMAIN || undefined,
  /** Mapbox-compatible geocoder; empty means the embedded API answers on the same origin. */
  geocoderHost: (env.VITE_GEOCODER_HOST || '').replace(/\/+$/, ''),
  mapboxToken: env.VITE_MAPBOX_TOKEN || 'embedded',
  /**
   * Maps: Mapbox GL with a Mapbox style when a real Mapbox token (pk.…) is configured; otherwise
   * MapLibre with the offline basemap (Mapbox GL v3 refuses to render without a valid token).
   */
  map: {
    engine: (env.VITE_MAPBOX_TOKEN ?? '').startsWith('pk.') ? ('mapbox' as const) : ('maplibre' as const),
    mapboxStyle: env.VITE_MAPBOX_STYLE || 'mapbox://styles/mapbox/light-v11',
  },
  /**
   * Site search: hosted Algolia when an app id and search key are set; otherwise the embedded API
   * answers Algolia's protocol on the API host. The client and the UI are the same either way.
   */
  search: {
    appId: env.VITE_ALGOLIA_APP_ID || 'embedded',
    searchKey: env.VITE_ALGOLIA_SEARCH_KEY || 'embedded',
    indexName: env.VITE_ALGOLIA_INDEX || DEFAULT_SEARCH_INDEX,
    hosted: Boolean(env.VITE_ALGOLIA_APP_ID && env.VITE_ALGOLIA_SEARCH_KEY),
  },
  /**
   * The chat widget: the self-hosted one the API serves by default, or a hosted provider (its script
   * URL and app id; its command function, Intercom-style, is `window[global]`).
   */
  chat: {
    scriptUrl: env.VITE_CHAT_SCRIPT_URL || `${apiHost}/chat/widget.js`,
    appId: env.VITE_CHAT_APP_ID || '',
    global: env.VITE_CHAT_GLOBAL || (env.VITE_CHAT_SCRIPT_URL ? 'Intercom' : 'AdlaneChat'),
  },
  /** Google tag id (G-…): with it, the tag script loads and `gtag` sends; without, both stay local. */
  analyticsTagId: env.VITE_GA_TAG_ID || '',
  /** Legal documents shipped in public/. */
  termsUrl: '/legal/terms.pdf',
  privacyUrl: '/legal/privacy.pdf',
} as const;
