import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { ServerConfig } from '../config';
import type { AppEnv } from '../env';
import { filePolicy } from '../files/download';
import { mapOrigins } from '../mapSettings';
import type { StaticSite } from '../static/site';

/*
 * The headers that keep the browser to what the app means to load: the pages' Content Security
 * Policy (with the origins of the site, the map and the configured services), and a stored file's own
 * policy. Its own file: the list of sources is long and changes with each new kind of content.
 */

/**
 * A stored file is never rendered as a page of ours: secureHeaders writes the page policy over the
 * handler's, so every download, attachment or shown in a tab (a proof), gets the file policy back.
 */
export const keepFilePolicy: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const disposition = c.res.headers.get('content-disposition');
  if (disposition?.startsWith('attachment') || disposition?.startsWith('inline'))
    c.res.headers.set('Content-Security-Policy', filePolicy(disposition.startsWith('inline')));
};

/** The pages' security headers, their policy naming the site's origins (`site`) and the configured ones. */
export const pageSecurityHeaders = (site: StaticSite | undefined, config: ServerConfig) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(site?.scriptOrigins ?? [])],
      // A hosted chat widget draws its panel in a frame from its own host.
      frameSrc: ["'self'", ...(site?.scriptOrigins ?? [])],
      // Inline styles set through the DOM (React's style prop, popover positioning) are not
      // governed by CSP, so no 'unsafe-inline' is needed.
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...(site?.origins ?? []), ...mapOrigins(config.map)],
      fontSrc: ["'self'"],
      connectSrc: [
        "'self'",
        ...config.connectOrigins,
        ...(site?.origins ?? []),
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
  });
