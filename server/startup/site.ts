import type { ServerConfig } from '../config';
import type { Logger } from '../log';
import { loadPageRenderer } from '../ssr/pageRenderer';
import { hasStaticSite, loadStaticSite } from '../static/site';

/*
 * The built app a server process serves, and the build's page renderer: loaded before the database
 * opens (a spare loads them before it is given a place). Its own file: what a missing or partial
 * build means for the start, apart from opening the database.
 */

/**
 * The built SPA and its renderer. Without a build the process still serves the API (the SPA may be
 * on a CDN, or not built yet), and says so on a first start; without a server entry the browser draws.
 */
export async function loadBuiltSite(config: ServerConfig, firstStart: boolean, logger: Logger) {
  const site = hasStaticSite(config.staticDir) ? loadStaticSite(config.staticDir) : undefined;
  if (!site && firstStart)
    logger.warn(
      `No built app in ${config.staticDir}: serving the API only. Run \`npm run build\` for the storefront.`,
    );
  const renderPage = site
    ? await loadPageRenderer(config.staticDir, (error) =>
        logger.error(
          { err: error },
          'The build’s server entry could not be loaded: pages are drawn in the browser.',
        ),
      )
    : null;
  return { site, renderPage };
}
