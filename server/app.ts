import type { Locker } from '@tus/utils';
import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { cookieNames } from '../contract/cookies';
import { UNAUTHENTICATED } from '../contract/messages';
import { adminRoutes } from './admin/index';
import { BackgroundWork } from './background';
import type { CatalogueIndex } from './catalogue/index';
import type { ServerConfig } from './config';
import { contentHeads } from './content/heads';
import { contentPages } from './content/pages';
import type { Db } from './db/client';
import { isConcurrencyConflict } from './db/errors';
import { openRouteSource } from './directMail/openRoutes';
import type { RouteSource } from './directMail/routeSource';
import type { AppEnv } from './env';
import { filePolicy } from './files/download';
import { openUploadStorage, type UploadStorage } from './files/storage';
import { createUploadServer, UPLOADS_PATH } from './files/uploads';
import { serverReadiness } from './health/checks';
import type { Readiness } from './health/readiness';
import { healthRoute, readyRoute } from './health/routes';
import { InvalidFields } from './http/body';
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
import { jsonAnswer } from './http/jsonAnswer';
import { HEALTH_PATH, METRICS_PATH, OPERATOR_PATHS, READY_PATH } from './http/operatorPaths';
import { requestLog } from './http/requestLog';
import { jobHandlers } from './jobs/handlers';
import { inlineJobs } from './jobs/inlineJobs';
import type { Jobs } from './jobs/queue';
import { type Logger, silentLogger } from './log';
import { mapOrigins, withMapSettings } from './mapSettings';
import { countRequests } from './metrics/http';
import { type AppMetrics, metricsRoute } from './metrics/routes';
import type { PaymentGateway } from './payments/gateway';
import { stripeKeySpace } from './payments/keySpace';
import { stripeGateway } from './payments/stripeClient';
import { abdmRoutes } from './routes/abdm';
import { algoliaRoutes, limitSearchBody, searchError } from './routes/algolia';
import { approvalRequestRoutes } from './routes/approvalRequests';
import { authRoutes } from './routes/auth';
import { billingContactRoutes, invoiceRoutes } from './routes/billing';
import { chatRoutes } from './routes/chat';
import { chatWidgetRoutes } from './routes/chatWidget';
import { checkoutRoutes } from './routes/checkout';
import { colleagueRoutes } from './routes/colleague';
import { crawlerRoutes } from './routes/crawlers';
import { designRoutes } from './routes/design';
import { devRoutes, keepEmailPreviewPolicy } from './routes/dev';
import { eddmRoutes } from './routes/eddm';
import { eddmAreaRoutes } from './routes/eddmAreas';
import { fileCommentRoutes, orderCommentRoutes } from './routes/fileComments';
import { fileRoutes } from './routes/files';
import { geocodingRoutes } from './routes/geocoding';
import { graphqlRoutes, limitGraphqlBody } from './routes/graphql';
import { homeRoutes } from './routes/home';
import { legalPdfRoute } from './routes/legal';
import { logRoutes } from './routes/log';
import { marketRoutes } from './routes/market';
import { avatarRoutes, meRoutes } from './routes/me';
import { mediaRoutes } from './routes/media';
import { orderFilesZipRoutes } from './routes/orderFilesZip';
import { orderRoutes, ordersCsvRoutes } from './routes/orders';
import { paymentSettingsRoutes } from './routes/paymentSettings';
import { preferenceRoutes } from './routes/preferences';
import { receiptRoutes } from './routes/receipts';
import { standingPoRoutes } from './routes/standingPo';
import { surveyRoutes } from './routes/survey';
import { teamRoutes } from './routes/team';
import { uiRoutes } from './routes/ui';
import { webhookRoutes } from './routes/webhooks';
import type { PageRenderer } from './ssr/pageRenderer';
import { allowDrawnStyles } from './ssr/styleHashes';
import { isServicePath } from './static/paths';
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

/** How long a page may take to draw on the server before it goes out undrawn. */
const RENDER_LIMIT_MS = 2_000;

/** The promise's value, or a rejection once `ms` have passed (the late value is dropped). */
function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Drawing took more than ${ms} ms.`)), ms);
  });
  promise.catch(() => {});
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
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

  // A stored file is never rendered as a page of ours: secureHeaders writes the page policy over the
  // handler's, so every download, attachment or shown in a tab (a proof), gets the file policy back.
  app.use('/api/*', async (c, next) => {
    await next();
    const disposition = c.res.headers.get('content-disposition');
    if (disposition?.startsWith('attachment') || disposition?.startsWith('inline'))
      c.res.headers.set('Content-Security-Policy', filePolicy(disposition.startsWith('inline')));
  });
  // Issue 30, part 5: an e-mail's HTML previewed in /dev/emails keeps its own policy (after the app's).
  app.use('/api/v1/dev/*', keepEmailPreviewPolicy);
  // Runs after secureHeaders has written the policy: a drawn page's own style attributes are added.
  app.use('*', allowDrawnStyles);
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(givenSite?.scriptOrigins ?? [])],
        // A hosted chat widget draws its panel in a frame from its own host.
        frameSrc: ["'self'", ...(givenSite?.scriptOrigins ?? [])],
        // Inline styles set through the DOM (React's style prop, popover positioning) are not
        // governed by CSP, so no 'unsafe-inline' is needed.
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(givenSite?.origins ?? []), ...mapOrigins(config.map)],
        fontSrc: ["'self'"],
        connectSrc: [
          "'self'",
          ...config.connectOrigins,
          ...(givenSite?.origins ?? []),
          // Issue 34: the configured basemap's style, archive, fonts and sprites.
          ...mapOrigins(config.map),
        ],
        workerSrc: ["'self'", 'blob:'],
        // Issue 33: the proof viewer plays an ad's video from its bytes in memory.
        mediaSrc: ["'self'", 'blob:'],
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

  const api = new Hono<AppEnv>();
  api.route('/ui', uiRoutes);
  api.route('/ui', homeRoutes);
  api.route('/media', mediaRoutes);
  api.route('/market', marketRoutes);
  api.route('/market', preferenceRoutes);
  api.route('/checkout', checkoutRoutes);
  api.route('/eddm/areas', eddmAreaRoutes);
  api.route('/eddm', eddmRoutes);
  api.route('/abdm', abdmRoutes);
  api.route('/orders', orderRoutes);
  api.route('/files', fileRoutes(uploadStorage));
  api.route('/orders', orderFilesZipRoutes(uploadStorage));
  api.route('/files', fileCommentRoutes);
  api.route('/orders', orderCommentRoutes);
  api.route('/approval-requests', approvalRequestRoutes);
  api.route('/', ordersCsvRoutes);
  api.route('/', authRoutes);
  api.route('/colleague', colleagueRoutes);
  api.route('/me', meRoutes);
  api.route('/avatars', avatarRoutes);
  api.route('/team', teamRoutes);
  api.route('/invoices', invoiceRoutes);
  api.route('/billing', billingContactRoutes);
  api.route('/billing', standingPoRoutes);
  api.route('/dev', devRoutes);
  api.route('/log', logRoutes);
  api.route('/chat', chatRoutes);
  api.route('/surveymonkey', surveyRoutes);
  api.route('/webhooks', webhookRoutes);
  // Issue 30, part 4 (saved card, receipts).
  api.route('/billing', paymentSettingsRoutes);
  api.route('/invoices', receiptRoutes);
  api.route('/admin', adminRoutes);
  // Issue 31, part 4: the customer's design round.
  api.route('/orders', designRoutes);
  app.route('/api/v1', api);
  app.route('/geocoding/v5', geocodingRoutes);
  app.route('/1/indexes', algoliaRoutes);
  app.route('/graphql', graphqlRoutes);
  // The self-hosted chat widget's script, on the same origin as the SPA (CSP script-src 'self').
  app.route('/chat', chatWidgetRoutes(config));
  // One read of the content pages for the sitemap and the page heads.
  const pages = contentPages(db, config.productName);
  app.route('/', crawlerRoutes(pages));

  app.notFound((c) => {
    const path = c.req.path;
    // Algolia's clients read errors in Algolia's shape.
    if (isServicePath(path, ['/1/']))
      return searchError(c, 404, `There is no ${c.req.method} ${path} in this search API.`);
    if (isServicePath(path, SERVICE_PREFIXES)) {
      return fail(c, 404, `There is no ${c.req.method} ${path} in this API.`);
    }
    return c.text('Not found', 404);
  });

  app.onError((error, c) => {
    if (error instanceof InvalidFields) {
      return jsonAnswer(
        c,
        {
          success: false,
          data: { errors: error.errors },
          meta: { drop_cookies: [] },
          message: error.message,
        },
        422,
      );
    }
    // Logged with the request's id; the serializer leaves out a database error's parameters.
    const log = c.var.log ?? logger;
    if (error instanceof HTTPException) {
      if (error.status >= 500) log.error({ err: error }, 'request failed');
      return fail(c, error.status, error.message || 'The request could not be handled.');
    }
    // Two people changed the same thing at the same moment: the one who lost can try again.
    if (isConcurrencyConflict(error)) {
      log.warn({ err: error }, 'request lost to a concurrent change');
      return fail(c, 409, 'Someone changed this at the same moment: reload the page and try again.');
    }
    log.error({ err: error }, 'request failed');
    return fail(c, 500, 'Something went wrong on our side. Please try again in a moment.');
  });

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
    const signInCookie = cookieNames(config.cookiePrefix).dashboardToken;
    const render =
      renderPage &&
      ((c: Context<AppEnv>, href: string) => {
        const signedIn = Boolean(getCookie(c, signInCookie));
        const drawn = renderPage(href, async (url, init) => app.request(url, init), signedIn);
        return withinTime(drawn, RENDER_LIMIT_MS).catch((error: unknown) => {
          logger.error({ err: error, path: c.req.path }, 'a page could not be drawn on the server');
          return null;
        });
      });
    const routeIdsOf = renderPage?.routeIdsOf;
    const listedRoutes =
      routeIdsOf &&
      ((c: Context<AppEnv>, href: string) => (getCookie(c, signInCookie) ? routeIdsOf(href) : []));
    app.get('/legal/:file', legalPdfRoute(site, config));
    app.get('*', serveStatic(site, SERVICE_PREFIXES, heads, render ?? undefined, listedRoutes));
  }
  return app;
}
