import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { DRAWN_PAGE_CHUNKS_FILE, type DrawnPageChunks, type RenderedRoute } from '../contract/drawnPages';
import { type HeadLookup, type HeadSite, withHead } from './content/heads';
import type { AppEnv } from './env';
import { SERVER_BUNDLE_DIR } from './runtimeFiles';
import { type BootScript, withRenderedRoute, withRouteChunks } from './ssr/page';
import { SERVER_ENTRY_DIR } from './ssr/pageRenderer';
import { styleAttributeHashes } from './ssr/styleHashes';

interface Asset {
  body: Buffer;
  gzip: Buffer | null;
  brotli: Buffer | null;
  type: string;
  etag: string;
  /** Vite's content-hashed files never change, so browsers may keep them for a year. */
  immutable: boolean;
}

export interface StaticSite {
  assets: Map<string, Asset>;
  index: Asset;
  /** Other origins the build calls (its API and geocoder hosts), for the Content-Security-Policy. */
  origins: string[];
  /** Origins the build loads scripts from (a hosted chat widget, the analytics tag). */
  scriptOrigins: string[];
  /** The script of pages the server draws (src/boot.ts), or null in a build without it. */
  boot: BootScript | null;
}

/** The strings of a list the build wrote (anything else in it is left out). */
const stringsOf = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];

/** The built file of src/boot.ts, from Vite's manifest. */
function readBootScript(dir: string): BootScript | null {
  const file = path.join(dir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { file?: unknown }>;
  const built = manifest['src/boot.ts']?.file;
  if (typeof built !== 'string') return null;
  return { script: `/${built}`, chunks: readDrawnPageChunks(dir) };
}

/** What a drawn page imports after its entry (scripts/drawnPageChunks.ts); nothing listed without it. */
function readDrawnPageChunks(dir: string): DrawnPageChunks {
  const file = path.join(dir, '.vite', DRAWN_PAGE_CHUNKS_FILE);
  const none: DrawnPageChunks = { routes: {}, routesAtStart: {}, app: [], takeOver: [] };
  if (!existsSync(file)) return none;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<DrawnPageChunks>;
  const byRoute = (record: unknown) =>
    Object.fromEntries(
      Object.entries(record && typeof record === 'object' ? record : {}).map(([id, list]) => [
        id,
        stringsOf(list),
      ]),
    );
  return {
    routes: byRoute(parsed.routes),
    routesAtStart: byRoute(parsed.routesAtStart),
    app: stringsOf(parsed.app),
    takeOver: stringsOf(parsed.takeOver),
  };
}

function readOrigins(dir: string): { origins: string[]; scripts: string[] } {
  const file = path.join(dir, '.vite', 'origins.json');
  if (!existsSync(file)) return { origins: [], scripts: [] };
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { origins?: unknown; scripts?: unknown };
  return { origins: stringsOf(parsed.origins), scripts: stringsOf(parsed.scripts) };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  // Module workers (MapLibre's) must come with a JavaScript type.
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.svg',
  '.txt',
  '.webmanifest',
]);
const PRECOMPRESSED = /\.(br|gz)$/;

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

const readIfExists = (file: string) => (existsSync(file) ? readFileSync(file) : null);

/**
 * A file as it is served. `file` is where it was read from, beside which the build may have written
 * its compressed copies; without them (or without a file) it gets a quick gzip.
 */
function toAsset(urlPath: string, body: Buffer, file: string | null): Asset {
  const ext = path.extname(urlPath).toLowerCase();
  const compressible = COMPRESSIBLE.has(ext) && body.length > 512;
  return {
    body,
    gzip: compressible ? ((file ? readIfExists(`${file}.gz`) : null) ?? gzipSync(body, { level: 6 })) : null,
    brotli: compressible && file ? readIfExists(`${file}.br`) : null,
    type: TYPES[ext] ?? 'application/octet-stream',
    etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
    immutable: urlPath.startsWith('/assets/'),
  };
}

/** The site with its index.html changed by `edit` (the server's settings written into the page). */
export function withIndexHtml(site: StaticSite, edit: (html: string) => string): StaticSite {
  const html = edit(site.index.body.toString('utf8'));
  if (html === site.index.body.toString('utf8')) return site;
  const index = toAsset('/index.html', Buffer.from(html), null);
  const assets = new Map(site.assets);
  assets.set('/index.html', index);
  return { ...site, assets, index };
}

export const hasStaticSite = (dir: string) => existsSync(path.join(dir, 'index.html'));

/**
 * Reads the built SPA into memory once, with the brotli and gzip copies the build wrote beside each
 * file (scripts/precompress.ts), so serving a file is a map lookup rather than disk and compression
 * work per request. A build without them still gets a quick gzip at start-up.
 */
export function loadStaticSite(dir: string): StaticSite {
  const indexPath = path.join(dir, 'index.html');
  if (!existsSync(indexPath)) {
    throw new Error(
      `The built app is missing (${indexPath}). Run \`npm run build\` first, or use \`npm start\`.`,
    );
  }
  const assets = new Map<string, Asset>();
  for (const file of walk(dir)) {
    const relative = path.relative(dir, file);
    // The build's records, its drawing entry and the server's bundle are the server's, never served.
    if (
      !statSync(file).isFile() ||
      PRECOMPRESSED.test(file) ||
      relative.startsWith(`.vite${path.sep}`) ||
      relative.startsWith(`${SERVER_ENTRY_DIR}${path.sep}`) ||
      relative.startsWith(`${SERVER_BUNDLE_DIR}${path.sep}`)
    )
      continue;
    const urlPath = `/${path.relative(dir, file).split(path.sep).join('/')}`;
    assets.set(urlPath, toAsset(urlPath, readFileSync(file), file));
  }
  const index = assets.get('/index.html');
  if (!index) throw new Error('index.html was not loaded.');
  const { origins, scripts } = readOrigins(dir);
  return { assets, index, origins, scriptOrigins: scripts, boot: readBootScript(dir) };
}

/** The SPA's content pages, whose head the server writes; every other page gets index.html as built. */
const isContentPath = (p: string) =>
  /^\/(?:specs|info\/resources|info\/ad-design-on-[a-z0-9]+)(?:\/|$)/.test(p);

/** The back office's pages (issue 31): always index.html as built, never drawn. */
export const isBackOfficePath = (p: string) => p === '/admin' || p.startsWith('/admin/');

/** Paths that look like files: a request for a missing one gets a 404, never the SPA. */
const looksLikeFile = (p: string) => /\.[a-z0-9]{1,12}$/i.test(p) || p.startsWith('/assets/');

/** True for paths that belong to a service, with or without their trailing slash (`/api`, `/api/...`). */
export const isServicePath = (path: string, prefixes: readonly string[]) =>
  prefixes.some((p) => path.startsWith(p) || path === p.replace(/\/$/, ''));

/** Where the content pages' heads come from (server/content/heads.ts), for crawlers that run no script. */
export interface PageHeads extends HeadSite {
  lookup: HeadLookup;
}

/** The routes whose code a page lists; none when the router cannot tell (the page goes out as built). */
function routesOf(routeIdsOf: RouteIdsOf, c: Context<AppEnv>, href: string): string[] {
  try {
    return routeIdsOf(c, href);
  } catch {
    return [];
  }
}

const brotliOf = (html: string) =>
  brotliCompressSync(Buffer.from(html), { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });

/**
 * A page drawn for one request, compressed now in the one encoding the browser takes (a few
 * milliseconds for a page of this size; brotli at a quick level).
 */
function renderedAsset(html: string, accepts: string): Asset {
  const body = Buffer.from(html);
  const brotli = /\bbr\b/.test(accepts);
  const gzip = !brotli && /\bgzip\b/.test(accepts);
  return {
    body,
    gzip: gzip ? gzipSync(body, { level: 6 }) : null,
    brotli: brotli ? brotliOf(html) : null,
    type: TYPES['.html'] as string,
    etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
    immutable: false,
  };
}

/** index.html with the drawn page in it, or null (logged) when it cannot be: the page goes out undrawn. */
function spliced(c: Context<AppEnv>, index: Asset, rendered: RenderedRoute, boot: BootScript | null) {
  try {
    return withRenderedRoute(index.body.toString('utf8'), rendered, boot);
  } catch (error) {
    c.var.log.error({ err: error }, 'a drawn page could not be put into index.html');
    return null;
  }
}

/**
 * The routes of a page the browser draws alone whose code it should list: the ones the address
 * matches for a signed-in visit; none for a visitor (a page that redirects them would fetch code it
 * never runs).
 */
export type RouteIdsOf = (c: Context<AppEnv>, href: string) => string[];

export function serveStatic(
  site: StaticSite,
  servicePrefixes: readonly string[],
  heads?: PageHeads,
  render?: (c: Context<AppEnv>, href: string) => Promise<RenderedRoute | null>,
  routeIdsOf?: RouteIdsOf,
): MiddlewareHandler<AppEnv> {
  // index.html with a content page's head, made once per page: there are a few dozen of them.
  const pages = new Map<string, Asset>();
  const pageIndex = async (urlPath: string, category: string | undefined): Promise<Asset> => {
    const found = heads && (await heads.lookup(urlPath, category));
    if (!found) return site.index;
    let page = pages.get(found.key);
    if (!page) {
      const html = withHead(site.index.body.toString('utf8'), found.page, heads);
      page = toAsset('/index.html', Buffer.from(html), null);
      pages.set(found.key, page);
    }
    return page;
  };
  // A page the browser draws alone, with its routes' code listed: made once per page and routes.
  const undrawn = new Map<string, Asset>();
  const withRoutes = (c: Context<AppEnv>, page: Asset, href: string): Asset => {
    const { boot } = site;
    const routeIds = boot && routeIdsOf ? routesOf(routeIdsOf, c, href) : [];
    if (!boot || routeIds.length === 0) return page;
    const key = `${page.etag} ${routeIds.join(' ')}`;
    let listed = undrawn.get(key);
    if (!listed) {
      const html = withRouteChunks(page.body.toString('utf8'), routeIds, boot);
      listed = { ...toAsset('/index.html', Buffer.from(html), null), brotli: brotliOf(html) };
      undrawn.set(key, listed);
    }
    return listed;
  };

  return async (c, next) => {
    const urlPath = c.req.path;
    if (isServicePath(urlPath, servicePrefixes)) return next();
    let asset = site.assets.get(urlPath);
    let status: 200 | 404 = 200;
    let vary = 'Accept-Encoding';
    let cacheControl: string | null = null;
    if (!asset || urlPath === '/index.html') {
      if (looksLikeFile(urlPath) && urlPath !== '/index.html') return c.text('Not found', 404);
      asset = isContentPath(urlPath) ? await pageIndex(urlPath, c.req.query('category')) : site.index;
      // The page itself, drawn here, so a phone paints it before the app's script has run. It
      // depends on the sign-in cookie (pages for visitors are drawn for visitors only).
      vary = 'Accept-Encoding, Cookie';
      const url = new URL(c.req.url);
      // HEAD too, so that it answers as GET does (a 404 is a 404 to a link checker).
      // The back office (issue 31) is never drawn here: its pages are for staff signed in in the
      // browser's tab only, and the storefront's drawing code must not grow by it.
      const drawn =
        render &&
        (c.req.method === 'GET' || c.req.method === 'HEAD') &&
        urlPath !== '/index.html' &&
        !isBackOfficePath(urlPath);
      const rendered = drawn ? await render(c, `${url.pathname}${url.search}`) : null;
      const html = rendered && spliced(c, asset, rendered, site.boot);
      if (rendered && html) {
        if (rendered.notFound) status = 404;
        asset = renderedAsset(html, c.req.header('Accept-Encoding') ?? '');
        c.set('styleHashes', styleAttributeHashes(rendered.html));
        // Drawn for this request (it may hold what only its visitor may see): no shared cache keeps it.
        cacheControl = 'private, no-cache';
      } else if (drawn) {
        asset = withRoutes(c, asset, `${url.pathname}${url.search}`);
      }
    }
    c.header('Content-Type', asset.type);
    c.header('ETag', asset.etag);
    c.header('Vary', vary);
    c.header(
      'Cache-Control',
      cacheControl ?? (asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache'),
    );
    // Conditional requests are for pages that are there: a not-found page is always sent whole.
    if (status === 200 && c.req.header('If-None-Match') === asset.etag) return c.body(null, 304);

    const accepts = c.req.header('Accept-Encoding') ?? '';
    let body = asset.body;
    if (asset.brotli && /\bbr\b/.test(accepts)) {
      body = asset.brotli;
      c.header('Content-Encoding', 'br');
    } else if (asset.gzip && /\bgzip\b/.test(accepts)) {
      body = asset.gzip;
      c.header('Content-Encoding', 'gzip');
    }
    if (c.req.method === 'HEAD') {
      c.header('Content-Length', String(body.length));
      return c.body(null, status);
    }
    return c.body(new Uint8Array(body), status);
  };
}
