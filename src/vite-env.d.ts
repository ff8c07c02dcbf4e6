/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_PRODUCT_NAME?: string;
  readonly VITE_CONTACT_PHONE?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_API_HOST?: string;
  readonly VITE_AUTH_TIMEOUT_MS?: string;
  readonly VITE_SSO_LOGOUT?: string;
  readonly VITE_POST_LOGIN_URL?: string;
  readonly VITE_COOKIE_DOMAIN?: string;
  readonly VITE_GEOCODER_HOST?: string;
  readonly VITE_MAPBOX_TOKEN?: string;
  readonly VITE_MAPBOX_STYLE?: string;
  readonly VITE_ALGOLIA_APP_ID?: string;
  readonly VITE_ALGOLIA_SEARCH_KEY?: string;
  readonly VITE_ALGOLIA_INDEX?: string;
  readonly VITE_CHAT_SCRIPT_URL?: string;
  readonly VITE_CHAT_APP_ID?: string;
  readonly VITE_CHAT_GLOBAL?: string;
  readonly VITE_GA_TAG_ID?: string;
  readonly VITE_INSPECTOR?: string;
}

/** Whether this build has a Mapbox token (scripts/optionalMapbox.ts): only then is Mapbox GL built in. */
declare const __MAPBOX__: boolean;

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
