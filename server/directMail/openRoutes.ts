import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../log';
import type { DirectMailAreas } from './areas';
import { generatedRoutes, type RouteSource } from './routeSource';
import { UspsRoutes } from './uspsRoutes';

/** The carrier routes `EDDM_ROUTES` asks for: generated offline, or USPS's service behind the cache. */
export function openRouteSource(
  config: Pick<ServerConfig, 'eddmRoutes'>,
  deps: { db: Db; clock: () => Date; logger: Logger; areas: () => DirectMailAreas },
): RouteSource {
  const settings = config.eddmRoutes;
  if (settings.source === 'generated') return generatedRoutes(deps.areas);
  return new UspsRoutes({
    baseUrl: settings.url,
    maxAgeMs: settings.maxAgeMs,
    timeoutMs: settings.timeoutMs,
    ...deps,
  });
}
