import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { CatalogueIndex } from './catalogue/index';
import type { ServerConfig } from './config';
import type { Db } from './db/client';
import { fail } from './http/envelope';
import { geocodingRoutes } from './routes/geocoding';
import { mediaRoutes } from './routes/media';
import { uiRoutes } from './routes/ui';
import { type StaticSite, serveStatic } from './static';

export interface AppEnv {
  Variables: { db: Db; config: ServerConfig; catalogue: CatalogueIndex };
}

export interface AppDependencies {
  db: Db;
  config: ServerConfig;
  /** The in-memory read model of the catalogue, built from `db` (CatalogueIndex.load). */
  catalogue: CatalogueIndex;
  /** The built SPA; absent in API-only tests. */
  site?: StaticSite;
}

/** Paths that belong to the API and services, never answered with the SPA's index.html. */
export const SERVICE_PREFIXES = ['/api/', '/1/', '/geocoding/', '/graphql'] as const;

/** Builds the whole HTTP application. It does not listen and holds no globals: tests build their own. */
export function createApp({ db, config, catalogue, site }: AppDependencies) {
  const app = new Hono<AppEnv>();

  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Headless UI positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...config.connectOrigins],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: 'strict-origin-when-cross-origin',
    }),
  );
  app.use('*', async (c, next) => {
    c.set('db', db);
    c.set('config', config);
    c.set('catalogue', catalogue);
    await next();
  });
  app.use('/api/*', compress());
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  const api = new Hono<AppEnv>();
  api.route('/ui', uiRoutes);
  api.route('/media', mediaRoutes);
  app.route('/api/v1', api);
  app.route('/geocoding/v5', geocodingRoutes);

  app.notFound((c) => {
    const path = c.req.path;
    if (SERVICE_PREFIXES.some((p) => path.startsWith(p) || `${path}/` === p)) {
      return fail(c, 404, `There is no ${c.req.method} ${path} in this API.`);
    }
    return c.text('Not found', 404);
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      if (error.status >= 500) console.error(error);
      return fail(c, error.status, error.message || 'The request could not be handled.');
    }
    console.error(error);
    return fail(c, 500, 'Something went wrong on our side. Please try again in a moment.');
  });

  if (site) app.get('*', serveStatic(site, SERVICE_PREFIXES));
  return app;
}
