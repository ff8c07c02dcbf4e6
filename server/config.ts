import path from 'node:path';
import { productSlug } from '../contract/contentPages';
import { DEFAULT_SEARCH_INDEX } from '../contract/search';

/** Every setting of the API process, read once from the environment with the defaults of SPEC.md. */
export interface ServerConfig {
  /** Port to listen on (`PORT`, default 3000). */
  port: number;
  /** Interface to bind (`HOST`, default 0.0.0.0). */
  host: string;
  /** PostgreSQL connection string; when empty the embedded PGlite database is used. */
  databaseUrl: string | null;
  /** Folder of the embedded database (`DATA_DIR`, default `.data/pglite`). */
  dataDir: string;
  /** Folder of the built SPA served by the same process (`STATIC_DIR`, default `dist`). */
  staticDir: string;
  /** Brand name used in e-mails and messages (`PRODUCT_NAME`, default Adlane). */
  productName: string;
  /** How long a sign-in lasts, in ms (`AUTH_TIMEOUT_MS`, default one day). */
  authTimeoutMs: number;
  /** Extra origins the browser may contact (hosted search or maps), added to the CSP. */
  connectOrigins: string[];
  /** Prefix of cookie names the API asks the browser to set (`adlane_dashboard_token`). */
  cookiePrefix: string;
  /** How long the shared dashboard cookie (the refresh token) lives, in days (`SSO_SESSION_DAYS`, 30). */
  ssoSessionDays: number;
  /** Origin of links the API e-mails (`PUBLIC_URL`, default http://localhost:PORT). */
  publicUrl: string;
  /**
   * Who may read `GET /api/v1/dev/outbox` (`EXPOSE_OUTBOX`): `true` anyone, `false` nobody; by default
   * only this machine (loopback), and nobody when NODE_ENV=production.
   */
  exposeOutbox: 'everyone' | 'loopback' | 'nobody';
  /** The one index the Algolia-compatible search answers (`SEARCH_INDEX`, default adlane_search). */
  searchIndex: string;
}

const integer = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a whole number, got "${value}".`);
  return parsed;
};

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: integer(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: path.resolve(env.DATA_DIR || '.data/pglite'),
    staticDir: path.resolve(env.STATIC_DIR || 'dist'),
    productName: env.PRODUCT_NAME || 'Adlane',
    authTimeoutMs: integer(env.AUTH_TIMEOUT_MS, 86_400_000, 'AUTH_TIMEOUT_MS'),
    connectOrigins: (env.CSP_CONNECT_ORIGINS || '').split(/[\s,]+/).filter(Boolean),
    cookiePrefix: productSlug(env.PRODUCT_NAME || 'Adlane'),
    ssoSessionDays: integer(env.SSO_SESSION_DAYS, 30, 'SSO_SESSION_DAYS'),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${integer(env.PORT, 3000, 'PORT')}`).replace(/\/+$/, ''),
    exposeOutbox: outboxExposure(env),
    searchIndex: env.SEARCH_INDEX || DEFAULT_SEARCH_INDEX,
  };
}

function outboxExposure(env: NodeJS.ProcessEnv): ServerConfig['exposeOutbox'] {
  const value = (env.EXPOSE_OUTBOX ?? '').toLowerCase();
  if (['1', 'true', 'on', 'yes'].includes(value)) return 'everyone';
  if (['0', 'false', 'off', 'no'].includes(value)) return 'nobody';
  return env.NODE_ENV === 'production' ? 'nobody' : 'loopback';
}
