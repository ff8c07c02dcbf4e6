import type { Locker } from '@tus/utils';
import { type Context, Hono } from 'hono';
import { UNAUTHENTICATED } from '../contract/messages';
import { apiRoutes } from './apiRoutes';
import { BackgroundWork } from './background';
import type { CatalogueIndex } from './catalogue/index';
import type { ServerConfig } from './config';
import { contentHeads } from './content/heads';
import { contentPages } from './content/pages';
import type { Db } from './db/client';
import { openRouteSource } from './directMail/openRoutes';
import type { RouteSource } from './directMail/routeSource';
import type { AppEnv } from './env';
import { openUploadStorage, type UploadStorage } from './files/storage';
import { createUploadServer, UPLOADS_PATH } from './files/uploads';
import { serverReadiness } from './health/checks';
import type { Readiness } from './health/readiness';
import { healthRoute, readyRoute } from './health/routes';
import { errorAnswer, notFoundAnswer } from './http/appErrors';
import { bodyDeadline } from './http/bodyDeadline';
import {
  limitAdminBody,
  limitAvatarBody,
  limitBodies,
  limitDefaultBody,
  limitDirectMailBody,
  limitOrderBody,
  limitWebhookBody,
} from './http/bodyLimits';
import { compressAnswers } from './http/compression';
import { fail } from './http/envelope';
import { dropHeadBodies } from './http/headRequests';
import { HEALTH_PATH, METRICS_PATH, OPERATOR_PATHS, READY_PATH } from './http/operatorPaths';
import { requestLog } from './http/requestLog';
import { keepFilePolicy, pageSecurityHeaders } from './http/securityHeaders';
import { jobHandlers } from './jobs/handlers';
import { inlineJobs } from './jobs/inlineJobs';
import type { Jobs } from './jobs/queue';
import { type Logger, silentLogger } from './log';
import { withMapSettings } from './mapSettings';
import { countRequests } from './metrics/http';
import { type AppMetrics, metricsRoute } from './metrics/routes';
import type { PaymentGateway } from './payments/gateway';
import { stripeKeySpace } from './payments/keySpace';
import { stripeGateway } from './payments/stripeClient';
import { algoliaRoutes, limitSearchBody } from './routes/algolia';
import { chatWidgetRoutes } from './routes/chatWidget';
import { crawlerRoutes } from './routes/crawlers';
import { keepEmailPreviewPolicy } from './routes/dev';
import { geocodingRoutes } from './routes/geocoding';
import { graphqlRoutes, limitGraphqlBody } from './routes/graphql';
import { legalPdfRoute } from './routes/legal';
import type { PageRenderer } from './ssr/pageRenderer';
import { serverDrawing } from './ssr/serverDrawing';
import { allowDrawnStyles } from './ssr/styleHashes';
import { serveStatic } from './static/serve';
import { type StaticSite, withIndexHtml } from './static/site';

export type { AppEnv } from './env';

export interface AppDependencies {
  db: Db;
  /** For the reads that may be a little behind: a read replica (`DATABASE_REPLICA_URLS`); `db` unless given. */
  readDb?: Db;
  config: ServerConfig;
  /** The in-memory read model of the catalogue, built from `db` (CatalogueIndex.load). */
  catalogue: CatalogueIndex;
  /** The built SPA; absent in API-only tests. */
  site?: StaticSite;
  clock?: () => Date;
  /** Where after-answer work is tracked (main.ts drains it on shutdown; tests wait for it). */
  background?: BackgroundWork;
  /** Access lines and errors (server/log.ts); silent unless given. */
  logger?: Logger;
  /** Where ad files are kept; opened from the configuration on the first upload unless given. */
  storage?: UploadStorage;
  /** Draws the storefront's pages into their HTML (the build's server entry); without it the browser does. */
  renderPage?: PageRenderer | null;
  /** The job queue (server/jobs/queue.ts); without it, jobs run at once as after-answer work. */
  jobs?: Jobs;
  /** The tus lock shared by the server processes on one PostgreSQL (issue 29); else this process's own. */
  uploadLocker?: Locker;
  /** What `GET /readyz` reports; by default the database, its migrations and the search index. */
  readiness?: Readiness;
  /** Request counting and `GET /metrics`; without them no request is counted and /metrics is a 404. */
  metrics?: AppMetrics;
  /** Issue 30: card payments; built from `config.stripe` unless given (null: no cards taken). */
  payments?: PaymentGateway | null;
  /** Issue 34: carrier routes; opened from `config.eddmRoutes` unless given. */
  routes?: RouteSource;
}

/** Paths that belong to the API and services, never answered with the SPA's index.html. */
export const SERVICE_PREFIXES = [
  '/api/',
  '/1/',
  '/geocoding/',
  '/graphql',
  '/chat/',
  ...OPERATOR_PATHS,
] as const;

/** Builds the whole HTTP application. It does not listen and holds no globals: tests build their own. */
export function createApp({
  db,
  readDb = db,
  config,
  catalogue,
  site: givenSite,
  clock = () => new Date(),
  logger = silentLogger(),
  background = new BackgroundWork((error) => logger.error({ err: error }, 'after-answer work failed')),
  storage,
  renderPage,
  jobs: givenJobs,
  uploadLocker,
  readiness = serverReadiness({ db, catalogue }),
  metrics,
  payments = config.stripe ? stripeGateway(config.stripe, stripeKeySpace(db)) : null,
  routes = openRouteSource(config, { db, clock, logger, areas: () => catalogue.directMail }),
}: AppDependencies) {
  const app = new Hono<AppEnv>();
  let opened: Promise<UploadStorage> | null = storage ? Promise.resolve(storage) : null;
  // Opened on first use, so a process (or a test) that never takes a file creates no folder.
  const uploadStorage = () => {
    opened ??= openUploadStorage(config);
    return opened;
  };
  const jobs =
    givenJobs ??
    inlineJobs(jobHandlers({ db, config, clock, logger, storage: uploadStorage, payments }), background);

  // First, so every answer (a 413, a 404, an error) has a request id and an access line.
  app.use(requestLog(logger, OPERATOR_PATHS));
  // Load balancers' probes and the metrics scrape: answered here, before anything a request of the
  // product goes through, and not counted among the requests.
  app.get(HEALTH_PATH, healthRoute);
  app.get(READY_PATH, readyRoute(readiness));
  app.get(METRICS_PATH, metricsRoute(metrics));
  if (metrics) app.use(countRequests(metrics.metrics));
  app.use(dropHeadBodies);
  app.use(
    bodyDeadline({
      bodyMs: config.requestBodyTimeoutMs,
      isUpload: (path) => path.startsWith(`${UPLOADS_PATH}/`),
    }),
  );
  // Before anything can read a body: the default limit, or the larger one of the routes that need it.
  app.use(
    limitBodies(
      [
        ['/api/v1/eddm/', limitDirectMailBody],
        ['/api/v1/abdm/', limitDirectMailBody],
        ['/api/v1/me/avatar', limitAvatarBody],
        ['/api/v1/webhooks/stripe', limitWebhookBody],
        ['/1/', limitSearchBody],
        ['/graphql', limitGraphqlBody],
        // Issue 31, part 1: the back office's forms and files.
        ['/api/v1/admin/', limitAdminBody],
        // Issue 31, part 4: a design brief's files.
        ['/api/v1/orders/', limitOrderBody],
        // The tus endpoint streams files up to 500 MB; it refuses more than the declared length itself.
        [UPLOADS_PATH, (_c, next) => next()],
      ],
      limitDefaultBody,
    ),
  );

  // After the pages' policy is written: a stored file gets its own back.
  app.use('/api/*', keepFilePolicy);
  // Issue 30, part 5: an e-mail's HTML previewed in /dev/emails keeps its own policy (after the app's).
  app.use('/api/v1/dev/*', keepEmailPreviewPolicy);
  // Runs after secureHeaders has written the policy: a drawn page's own style attributes are added.
  app.use('*', allowDrawnStyles);
  app.use(pageSecurityHeaders(givenSite, config));
  app.use('*', async (c, next) => {
    c.set('db', db);
    c.set('readDb', readDb);
    c.set('config', config);
    c.set('catalogue', catalogue);
    c.set('routes', routes);
    c.set('clock', clock);
    c.set('background', background);
    c.set('jobs', jobs);
    c.set('payments', payments);
    // Issue 31, part 3: proofs of delivery (and part 4's design files) are kept where ad files are.
    c.set('uploads', uploadStorage);
    await next();
  });
  app.use('/api/*', compressAnswers());
  app.use('/1/*', compressAnswers());
  app.use('/chat/*', compressAnswers());
  // On the answer itself: c.header() on a finished answer would rebuild it around a stream.
  app.use('/api/*', async (c, next) => {
    await next();
    // Issue 31, part 2: a picture kept for good under its own id (placement images) says so itself.
    if (!c.res.headers.get('Cache-Control')?.includes('immutable'))
      c.res.headers.set('Cache-Control', 'no-store');
  });

  let uploads: ReturnType<typeof createUploadServer> | null = null;
  const tus = async (c: Context<AppEnv>) => {
    uploads ??= createUploadServer({
      db,
      storage: await uploadStorage(),
      clock,
      logger,
      background,
      jobs,
      locker: uploadLocker,
    });
    const answer = await uploads.handle(c.req.raw);
    return answer ?? fail(c, 401, UNAUTHENTICATED);
  };
  app.all(UPLOADS_PATH, tus);
  app.all(`${UPLOADS_PATH}/*`, tus);

  app.route('/api/v1', apiRoutes(uploadStorage));
  app.route('/geocoding/v5', geocodingRoutes);
  app.route('/1/indexes', algoliaRoutes);
  app.route('/graphql', graphqlRoutes);
  // The self-hosted chat widget's script, on the same origin as the SPA (CSP script-src 'self').
  app.route('/chat', chatWidgetRoutes(config));
  // One read of the content pages for the sitemap and the page heads.
  const pages = contentPages(db, config.productName);
  app.route('/', crawlerRoutes(pages));

  app.notFound(notFoundAnswer(SERVICE_PREFIXES));
  app.onError(errorAnswer(logger));

  if (givenSite) {
    // Issue 34: the page tells the map which basemap this server was configured with.
    const site = withIndexHtml(givenSite, (html) => withMapSettings(html, config.map));
    const heads = {
      lookup: contentHeads(pages, logger),
      productName: config.productName,
      publicUrl: config.publicUrl,
    };
    // A page is drawn with the API in this process: its calls never leave it. A drawing that fails
    // or takes too long is logged (its path: the query may hold a one-time code) and the page goes
    // out undrawn, for the browser to draw as it always could.
    const { render, listedRoutes } = serverDrawing(
      renderPage,
      async (url, init) => app.request(url, init),
      config,
      logger,
    );
    app.get('/legal/:file', legalPdfRoute(site, config));
    app.get('*', serveStatic(site, SERVICE_PREFIXES, heads, render ?? undefined, listedRoutes));
  }
  return app;
}
