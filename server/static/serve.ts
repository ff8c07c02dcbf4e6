import type { Context, MiddlewareHandler } from 'hono';
import type { RenderedRoute } from '../../contract/drawnPages';
import { type HeadLookup, type HeadSite, withHead } from '../content/heads';
import type { AppEnv } from '../env';
import { type BootScript, withRenderedRoute, withRouteChunks } from '../ssr/page';
import { styleAttributeHashes } from '../ssr/styleHashes';
import { type Asset, brotliOf, renderedAsset, toAsset } from './asset';
import { isBackOfficePath, isContentPath, isServicePath, looksLikeFile } from './paths';
import type { StaticSite } from './site';

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
