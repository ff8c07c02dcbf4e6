import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { InvoiceIssuer } from '../contract/billing';
import { productSlug } from '../contract/contentPages';
import type { MapSettings } from '../contract/mapSettings';
import { MODEL_COVERAGE_PATH } from '../contract/modelCoverage';
import {
  FALLBACK_PAYMENT_TERMS,
  isPaymentTerms,
  MAX_CREDIT_LIMIT_DOLLARS,
  type PaymentTerms,
} from '../contract/paymentTerms';
import { DEFAULT_SEARCH_INDEX } from '../contract/search';
import { type CompanySettings, company, defaultSender, invoiceIssuer } from './companySettings';
import type { S3Settings } from './files/storage';
import { type Limits, readLimits } from './limits';
import { readMapSettings } from './mapSettings';
import { checkoutPaymentMinutes, readStripeSettings, type StripeSettings } from './payments/settings';

/** Every setting of the API process, read once from the environment with the defaults of SPEC.md. */
export interface ServerConfig {
  /** Port to listen on (`PORT`, default 3000). */
  port: number;
  /** Interface to bind (`HOST`, default 0.0.0.0). */
  host: string;
  /** PostgreSQL connection string; when empty the embedded PGlite database is used. */
  databaseUrl: string | null;
  /**
   * Connections each server process's pool to PostgreSQL may open (`DATABASE_POOL_MAX`, default 10),
   * and each of its read replicas' pools too.
   */
  databasePoolMax: number;
  /**
   * Read replicas of `DATABASE_URL` (`DATABASE_REPLICA_URLS`) for the reads that may be a little
   * behind; empty, every read is on the primary. Ignored on the embedded database.
   */
  databaseReplicaUrls: string[];
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
   * The key that opens the development outbox and chat inbox (`/dev/outbox?key=...`): `OUTBOX_KEY`, or
   * a random one per process (printed at start-up); null when they are off (NODE_ENV=production
   * always, or `EXPOSE_OUTBOX=false`).
   */
  outboxKey: string | null;
  /**
   * The model tests' coverage file the inspector reads (`MODEL_COVERAGE_FILE`, default
   * reports/model-coverage/machines.json); null in production, where development tools never run.
   */
  modelCoverageFile: string | null;
  /** SMTP server e-mails go out through (`SMTP_URL`, smtp://user:pass@host:port); null keeps them in the outbox. */
  smtpUrl: string | null;
  /** The sender of e-mails (`MAIL_FROM`, default `PRODUCT_NAME <no-reply@host of PUBLIC_URL>`). */
  mailFrom: string;
  /** Reverse proxies in front of the server whose X-Forwarded-For is believed (`TRUST_PROXY`, default 0). */
  trustProxy: number;
  /** Rate limits (`LIMIT_*`, each `N/window`; server/limits.ts). */
  limits: Limits;
  /** The one index the Algolia-compatible search answers (`SEARCH_INDEX`, default adlane_search). */
  searchIndex: string;
  /** Folder of uploaded ad files (`UPLOADS_DIR`, default `uploads` under `DATA_DIR`). */
  uploadsDir: string;
  /** An S3-compatible bucket for ad files instead of the folder (`S3_BUCKET` and the `S3_*` settings). */
  s3: S3Settings | null;
  /**
   * Who runs the product (`COMPANY_LEGAL_NAME`, `COMPANY_ADDRESS`): the one legal name and address on
   * the invoices, the e-mails, the storefront's footer (GET /ui/company) and the legal documents.
   */
  company: CompanySettings;
  /** Who issues the invoices (the company) and how to pay them (`INVOICE_*`), on every invoice and its PDF. */
  invoiceIssuer: InvoiceIssuer;
  /** How long a request body may take to arrive, or an upload may go without progress (`REQUEST_BODY_TIMEOUT`, 30 s). */
  requestBodyTimeoutMs: number;
  /** How long a request's line and headers may take to arrive (`REQUEST_HEADERS_TIMEOUT`, 20 s). */
  requestHeadersTimeoutMs: number;
  /**
   * Server processes `npm start` runs (`WEB_CONCURRENCY`): by default one per core on PostgreSQL;
   * always one on the embedded database, which one process owns.
   */
  webConcurrency: number;
  /**
   * `FAULT_INJECTION=true`: the development routes that throw an uncaught exception or leave a promise
   * rejected unhandled, for the tests of crash handling; never in production.
   */
  faultInjection: boolean;
  /** Issue 29, job queue: where `test.record` jobs write their runs (`JOB_RUN_LOG`, with FAULT_INJECTION only). */
  jobRunLog: string | null;
  /**
   * The bearer token `GET /metrics` asks for (`METRICS_TOKEN`); without it the main port has no
   * metrics (404), so a public port never shows them by accident.
   */
  metricsToken: string | null;
  /** A second port that answers only `GET /metrics` (`METRICS_PORT`), for a scraper on a private network. */
  metricsPort: number | null;
  // Issue 30 (payments) from here.
  /** Card payments through Stripe (`STRIPE_SECRET_KEY`, `STRIPE_WEBHOOK_SECRET`, `STRIPE_API_BASE`); null without. */
  stripe: StripeSettings | null;
  /** How long a card checkout waits for its payment before its orders are released (`CHECKOUT_PAYMENT_MINUTES`, 30). */
  checkoutPaymentMinutes: number;
  // Issue 31 (the back office) from here.
  /** How long a staff sign-in lasts, in hours, never extended (`STAFF_SESSION_HOURS`, 1 to 24, default 8). */
  staffSessionHours: number;
  // Issue 32 (the back office, part 2) from here.
  /** The terms a new company starts on (`DEFAULT_PAYMENT_TERMS`: card, net15, net30 or net60, `net30:5000` with a limit). */
  defaultPaymentTerms: DefaultPaymentTerms;
  // Issue 34 (every-door mail on a real map) from here.
  /** Where carrier routes come from (`EDDM_ROUTES`, `EDDM_ROUTES_URL`, `EDDM_ROUTES_MAX_AGE`, `EDDM_ROUTES_TIMEOUT`). */
  eddmRoutes: EddmRouteSettings;
  /** The map's basemap (`MAP_STYLE_URL`, `MAP_PMTILES_URL`, `MAP_GLYPHS_URL`, `MAP_SPRITE_URL`); offline without. */
  map: MapSettings;
}

/** Carrier routes: generated offline, or read from USPS's EDDM route service and cached. */
export interface EddmRouteSettings {
  source: 'generated' | 'usps';
  /** The service's base URL (the EDDM folder of its ArcGIS REST services), without a trailing slash. */
  url: string;
  /** An answer older than this is fetched again, in ms. */
  maxAgeMs: number;
  /** How long one call to the service may take, in ms. */
  timeoutMs: number;
}

export const USPS_EDDM_URL = 'https://gis.usps.com/arcgis/rest/services/EDDM';

/** A new company's payment terms and credit limit (null: none). */
export interface DefaultPaymentTerms {
  terms: PaymentTerms;
  creditLimitCents: number | null;
}

const integer = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a whole number, got "${value}".`);
  return parsed;
};

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const faultInjection = env.FAULT_INJECTION === 'true' && env.NODE_ENV !== 'production';
  return {
    port: integer(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    databasePoolMax: poolMax(env.DATABASE_POOL_MAX),
    databaseReplicaUrls: replicaUrls(env.DATABASE_REPLICA_URLS),
    dataDir: path.resolve(env.DATA_DIR || '.data/pglite'),
    staticDir: path.resolve(env.STATIC_DIR || 'dist'),
    productName: env.PRODUCT_NAME || 'Adlane',
    authTimeoutMs: integer(env.AUTH_TIMEOUT_MS, 86_400_000, 'AUTH_TIMEOUT_MS'),
    connectOrigins: (env.CSP_CONNECT_ORIGINS || '').split(/[\s,]+/).filter(Boolean),
    cookiePrefix: productSlug(env.PRODUCT_NAME || 'Adlane'),
    ssoSessionDays: integer(env.SSO_SESSION_DAYS, 30, 'SSO_SESSION_DAYS'),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${integer(env.PORT, 3000, 'PORT')}`).replace(/\/+$/, ''),
    outboxKey: outboxKey(env),
    modelCoverageFile:
      env.NODE_ENV === 'production' ? null : path.resolve(env.MODEL_COVERAGE_FILE || MODEL_COVERAGE_PATH),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || defaultSender(env),
    trustProxy: proxyHops(env.TRUST_PROXY),
    limits: readLimits(env),
    searchIndex: env.SEARCH_INDEX || DEFAULT_SEARCH_INDEX,
    uploadsDir: path.resolve(env.UPLOADS_DIR || path.join(env.DATA_DIR || '.data/pglite', 'uploads')),
    s3: s3Settings(env),
    company: company(env),
    invoiceIssuer: invoiceIssuer(env),
    requestBodyTimeoutMs: seconds(env.REQUEST_BODY_TIMEOUT, 30, 'REQUEST_BODY_TIMEOUT'),
    requestHeadersTimeoutMs: seconds(env.REQUEST_HEADERS_TIMEOUT, 20, 'REQUEST_HEADERS_TIMEOUT'),
    webConcurrency: env.DATABASE_URL ? processCount(env.WEB_CONCURRENCY) : 1,
    faultInjection,
    jobRunLog: (faultInjection && env.JOB_RUN_LOG) || null,
    metricsToken: metricsToken(env.METRICS_TOKEN),
    metricsPort: metricsPort(env),
    // Issue 30 (payments) from here.
    stripe: readStripeSettings(env),
    checkoutPaymentMinutes: checkoutPaymentMinutes(env.CHECKOUT_PAYMENT_MINUTES),
    // Issue 31 (the back office) from here.
    staffSessionHours: staffSessionHours(env.STAFF_SESSION_HOURS),
    // Issue 32 (the back office, part 2) from here.
    defaultPaymentTerms: defaultPaymentTerms(env.DEFAULT_PAYMENT_TERMS),
    // Issue 34 (every-door mail on a real map) from here.
    eddmRoutes: eddmRouteSettings(env),
    map: readMapSettings(env),
  };
}

/**
 * `EDDM_ROUTES`: `generated` (the default, offline) or `usps`; `EDDM_ROUTES_URL` the service's base
 * (https only, or http for a local stand-in); `EDDM_ROUTES_MAX_AGE` a number of days (`7`) or hours
 * (`12h`), default 7 days; `EDDM_ROUTES_TIMEOUT` seconds (`15`) or minutes (`1m`), default 15 s.
 */
export function eddmRouteSettings(env: NodeJS.ProcessEnv): EddmRouteSettings {
  const source = (env.EDDM_ROUTES ?? '').trim().toLowerCase() || 'generated';
  if (source !== 'generated' && source !== 'usps')
    throw new Error(
      `EDDM_ROUTES must be generated (offline routes, the default) or usps (USPS's EDDM route service), got "${env.EDDM_ROUTES}".`,
    );
  const url = (env.EDDM_ROUTES_URL?.trim() || USPS_EDDM_URL).replace(/\/+$/, '');
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    throw new Error(
      `EDDM_ROUTES_URL must be the http(s) address of the EDDM route services, like ${USPS_EDDM_URL}, got "${env.EDDM_ROUTES_URL}".`,
    );
  return {
    source,
    url,
    maxAgeMs: routeMaxAge(env.EDDM_ROUTES_MAX_AGE),
    timeoutMs: seconds(env.EDDM_ROUTES_TIMEOUT, 15, 'EDDM_ROUTES_TIMEOUT'),
  };
}

/** `EDDM_ROUTES_MAX_AGE`: days (`7`, `7d`) or hours (`12h`), at least one hour. */
function routeMaxAge(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 7 * 86_400_000;
  const match = /^\s*(\d+)\s*(d|h)?\s*$/i.exec(value);
  const amount = Number(match?.[1]);
  if (!match || amount < 1)
    throw new Error(`EDDM_ROUTES_MAX_AGE must be a number of days (7) or hours (12h), got "${value}".`);
  return amount * (match[2]?.toLowerCase() === 'h' ? 3_600_000 : 86_400_000);
}

/**
 * `DEFAULT_PAYMENT_TERMS`: `card`, `net15`, `net30` or `net60`, and for net terms optionally a credit
 * limit in whole dollars after a colon (`net30:5000`). Unset: net 30 without a limit, as before.
 */
export function defaultPaymentTerms(value: string | undefined): DefaultPaymentTerms {
  if (value === undefined || value.trim() === '')
    return { terms: FALLBACK_PAYMENT_TERMS, creditLimitCents: null };
  const [terms = '', limit, ...rest] = value.trim().toLowerCase().split(':');
  const refuse = () =>
    new Error(
      `DEFAULT_PAYMENT_TERMS must be card, net15, net30 or net60, optionally with a credit limit in whole dollars (net30:5000), got "${value}".`,
    );
  if (!isPaymentTerms(terms) || rest.length > 0) throw refuse();
  if (limit === undefined) return { terms, creditLimitCents: null };
  if (terms === 'card' || !/^\d{1,9}$/.test(limit)) throw refuse();
  // The same cap as the back office's: above it every registration would fail on the integer column.
  if (Number(limit) > MAX_CREDIT_LIMIT_DOLLARS)
    throw new Error(
      `DEFAULT_PAYMENT_TERMS's credit limit is ${MAX_CREDIT_LIMIT_DOLLARS} dollars at most (net30:${MAX_CREDIT_LIMIT_DOLLARS}), got "${value}".`,
    );
  return { terms, creditLimitCents: Number(limit) * 100 };
}

/** `STAFF_SESSION_HOURS`: a staff sign-in's fixed length, a working day at most. */
function staffSessionHours(value: string | undefined): number {
  if (value === undefined || value === '') return 8;
  const hours = Number(value);
  if (!Number.isInteger(hours) || hours < 1 || hours > 24)
    throw new Error(`STAFF_SESSION_HOURS must be a whole number of hours from 1 to 24, got "${value}".`);
  return hours;
}

/** A length of time written in seconds (`30`), or with its unit (`30s`, `2m`), in ms; at least 1 s. */
function seconds(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback * 1000;
  const match = /^\s*(\d+)\s*(s|m)?\s*$/.exec(value);
  const amount = Number(match?.[1]);
  if (!match || amount < 1)
    throw new Error(`${name} must be a number of seconds (30) or minutes (2m), got "${value}".`);
  return amount * (match[2] === 'm' ? 60_000 : 1000);
}

/**
 * `WEB_CONCURRENCY`: server processes, 1 to 64; by default one per core the process may use, at most
 * 8 (each opens up to DATABASE_POOL_MAX PostgreSQL connections, the spare too, and PostgreSQL allows
 * 100 by default).
 */
function processCount(value: string | undefined): number {
  if (value === undefined || value === '') return Math.min(8, os.availableParallelism());
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 64)
    throw new Error(`WEB_CONCURRENCY must be a number of server processes from 1 to 64, got "${value}".`);
  return count;
}

/** `DATABASE_POOL_MAX`: connections per pool, at least 1; 10 by default, pg's own default. */
function poolMax(value: string | undefined): number {
  if (value === undefined || value === '') return 10;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1)
    throw new Error(
      `DATABASE_POOL_MAX must be a whole number of connections, 1 or more (10 when unset), got "${value}".`,
    );
  return count;
}

/**
 * `DATABASE_REPLICA_URLS`: PostgreSQL connection strings separated by commas or spaces. A wrong one
 * is named by its place in the list, never quoted: it may hold a password.
 */
function replicaUrls(value: string | undefined): string[] {
  const urls = (value ?? '').split(/[\s,]+/).filter(Boolean);
  for (const [index, url] of urls.entries()) {
    // Only a scheme followed by // is named: before a colon without it may stand a user's name.
    const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
    const postgres = scheme === 'postgres' || scheme === 'postgresql';
    if (postgres && URL.canParse(url)) continue;
    const found = !scheme
      ? 'not a URL'
      : postgres
        ? `a ${scheme}:// address that cannot be read`
        : `a ${scheme}:// address`;
    throw new Error(
      `DATABASE_REPLICA_URLS must list PostgreSQL connection strings (postgres://user:password@host:5432/database) separated by commas or spaces; its entry ${index + 1} is ${found}.`,
    );
  }
  return urls;
}

/** Lines of a setting, separated by `|` (an environment variable holds one line). */
/**
 * `S3_BUCKET` turns the bucket on; `S3_REGION` (default us-east-1), `S3_ENDPOINT` for a store other
 * than AWS, and `S3_ACCESS_KEY_ID` / `S3_SECRET_ACCESS_KEY` (else the AWS SDK's usual chain).
 */
function s3Settings(env: NodeJS.ProcessEnv): S3Settings | null {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    ...(env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID } : {}),
    ...(env.S3_SECRET_ACCESS_KEY ? { secretAccessKey: env.S3_SECRET_ACCESS_KEY } : {}),
  };
}

/**
 * Development tools never run in production, whatever else is set; elsewhere they need the key. With
 * `SMTP_URL` mail really goes out, so the outbox opens only when `OUTBOX_KEY` asks for it.
 */
function outboxKey(env: NodeJS.ProcessEnv): string | null {
  if (env.NODE_ENV === 'production') return null;
  if (['0', 'false', 'off', 'no'].includes((env.EXPOSE_OUTBOX ?? '').toLowerCase())) return null;
  const key = env.OUTBOX_KEY ?? '';
  if (key === '' && (env.SMTP_URL ?? '') !== '') return null;
  if (key === '') return randomBytes(18).toString('base64url');
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(key))
    throw new Error('OUTBOX_KEY must be 16 to 128 letters, digits, - or _ (it is put in a URL).');
  return key;
}

/** `METRICS_PORT` binds on `HOST` (every address by default): never without the token that guards it. */
function metricsPort(env: NodeJS.ProcessEnv): number | null {
  if (!env.METRICS_PORT) return null;
  if (!env.METRICS_TOKEN)
    throw new Error(
      'METRICS_PORT is set without METRICS_TOKEN: set METRICS_TOKEN too (the scraper sends it as a bearer token), or leave METRICS_PORT empty.',
    );
  return integer(env.METRICS_PORT, 0, 'METRICS_PORT');
}

/** `METRICS_TOKEN`: long enough not to be guessed, and sendable in a header as it is. */
function metricsToken(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (!/^[\x21-\x7e]{16,256}$/.test(value))
    throw new Error(
      'METRICS_TOKEN must be 16 to 256 printable characters without spaces (it is sent as a bearer token).',
    );
  return value;
}

/** `TRUST_PROXY`: a number of proxies, or true (one) and false (none). */
function proxyHops(value: string | undefined): number {
  const word = (value ?? '').trim().toLowerCase();
  if (word === 'true') return 1;
  if (word === 'false') return 0;
  return integer(word, 0, 'TRUST_PROXY');
}
