import { HTTPException } from 'hono/http-exception';
import type { NearQuery } from '../../contract/directMail';
import { circleBbox } from '../../contract/routeShapes';
import { readRouteCache, writeRouteCache } from '../data/routeCache';
import type { Db } from '../db/client';
import type { Logger } from '../log';
import type { DirectMailAreas } from './areas';
import { BoundedCache } from './cache';
import { bboxOf, polygonOf } from './geoJson';
import { bounds, convexHull, localKm, type XY } from './plane';
import { byCodes, type NearRoutes, type RouteSource } from './routeSource';
import {
  readAnswer,
  selectNearUrl,
  selectZipUrl,
  type UspsAnswer,
  UspsProtocolError,
  uspsAnswer,
} from './uspsProtocol';
import type { ZipRouteMap } from './zipRouteMap';

/** What a person reads when the service fails and nothing was kept: a 503. */
export const ROUTES_UNAVAILABLE =
  'The carrier route service did not answer, so the routes cannot be shown right now. Try again in a few minutes.';

/** What a person reads when an answer is larger than we read: a smaller question is needed. */
export const TOO_MANY_ROUTES =
  'There are too many carrier routes here to show at once. Choose a smaller radius.';

/**
 * The answers kept in memory in front of the table, weighed by the length of their JSON (a zip code's
 * is tens to hundreds of kilobytes, a radius's up to megabytes; parsed, they take a few times that).
 */
const MEMORY_JSON_LENGTH = 64 * 1024 * 1024;
/** After a failed refetch, the stale answer is served this long before the service is asked again. */
const RETRY_AFTER_MS = 60_000;
/** After a failure with nothing kept, the 503 is answered at once this long (not after a timeout each time). */
const FAILED_BACK_OFF_MS = 30_000;
/** How many such failures are remembered (by key). */
const FAILURES_KEPT = 2_000;
/** The largest answer read: a dense zip code's streets are a few megabytes at most. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
/** An answer larger than we read: a 422 asking for a smaller question, never a retry. */
class AnswerTooLarge extends UspsProtocolError {}

export interface UspsRoutesOptions {
  /** The services' base, `EDDM_ROUTES_URL` (…/arcgis/rest/services/EDDM). */
  baseUrl: string;
  /** An answer older than this is fetched again (`EDDM_ROUTES_MAX_AGE`). */
  maxAgeMs: number;
  /** How long one call to the service may take (`EDDM_ROUTES_TIMEOUT`). */
  timeoutMs: number;
  db: Db;
  clock: () => Date;
  logger: Logger;
  /** The catalogue's geography: which zip codes are sold, and an outline for a zip code without routes. */
  areas: () => DirectMailAreas;
  fetch?: typeof fetch;
  /** The largest answer read, in characters of JSON (32 MB unless a test asks for less). */
  maxAnswerBytes?: number;
}

interface Entry {
  answer: UspsAnswer;
  fetchedAt: Date;
  /** The length of the answer's JSON: its weight in the memory. */
  length: number;
  /** When a refetch last failed (the stale answer is served until RETRY_AFTER_MS after it). */
  failedAt?: Date;
}

/** A cache key's coordinates: 3 decimals (about 100 m) and a tenth of a mile, sent to the service as such. */
export function nearKey(query: NearQuery): { key: string; point: NearQuery } {
  const point = {
    lat: Math.round(query.lat * 1000) / 1000,
    lng: Math.round(query.lng * 1000) / 1000,
    miles: Math.round(query.miles * 10) / 10,
  };
  return { key: `near:${point.lat},${point.lng},${point.miles}`, point };
}

/**
 * Carrier routes from USPS's EDDM route service (server/directMail/uspsProtocol.ts), each answer kept in
 * `eddm_route_cache` with a bounded in-memory cache in front: a zip code is asked of USPS once per
 * refresh age (`EDDM_ROUTES_MAX_AGE`) whichever server process asks. A refetch that fails serves the
 * answer kept (and logs why); with nothing kept the request is a 503 with a sentence.
 */
export class UspsRoutes implements RouteSource {
  readonly kind = 'usps';
  private readonly memory = new BoundedCache<string, Entry>(MEMORY_JSON_LENGTH, (entry) => entry.length);
  private readonly asking = new Map<string, Promise<UspsAnswer>>();
  /** When a key last failed with nothing kept. */
  private readonly failed = new BoundedCache<string, Date>(FAILURES_KEPT);
  private readonly maps = new WeakMap<UspsAnswer, ZipRouteMap>();
  readonly routes: RouteSource['routes'];
  readonly route: RouteSource['route'];

  constructor(private readonly options: UspsRoutesOptions) {
    const found = byCodes((zip) => this.zip(zip));
    this.routes = found.routes;
    this.route = found.route;
  }

  get areas(): DirectMailAreas {
    return this.options.areas();
  }

  async zip(zip: string): Promise<ZipRouteMap | null> {
    // Only the zip codes the product sells in are asked for: a zip code not in the catalogue is a 404.
    if (!this.areas.zip(zip)) return null;
    const answer = await this.read(`zip:${zip}`, selectZipUrl(this.options.baseUrl, zip), true);
    return this.mapOf(zip, answer);
  }

  async near(query: NearQuery): Promise<NearRoutes> {
    const { key, point } = nearKey(query);
    // A radius's answer is kept in memory only: points are countless (the table would grow without
    // end), and one is rarely asked again after its refresh age; zip codes are few and shared.
    const answer = await this.read(key, selectNearUrl(this.options.baseUrl, point), false);
    const areas = this.areas;
    // Routes of zip codes the product does not sell in could not be bought: they are left out.
    const found = answer.routes
      .map((route, i) => ({
        route,
        shape: answer.shapes[i],
        km: localKm(query.lat, query.lng, route.label.lat, route.label.lng),
      }))
      .filter((f) => f.shape && areas.zip(f.route.routecode.slice(0, 5)))
      .sort((a, b) => a.km - b.km || (a.route.routecode < b.route.routecode ? -1 : 1));
    const shapes = found.flatMap((f) => (f.shape ? [f.shape] : []));
    const circle = circleBbox(query, query.miles);
    return {
      routes: found.map((f) => f.route),
      shapes,
      bbox:
        shapes.length > 0
          ? bounds(shapes.flatMap(({ bbox: b }) => [[b[0], b[1]] as XY, [b[2], b[3]] as XY]))
          : circle,
    };
  }

  /** A zip code's answer as the map draws it, made once per answer. */
  private mapOf(zip: string, answer: UspsAnswer): ZipRouteMap {
    const known = this.maps.get(answer);
    if (known) return known;
    const points = answer.shapes.flatMap(({ geometry }) =>
      geometry.type === 'LineString'
        ? geometry.coordinates
        : geometry.type === 'MultiLineString'
          ? geometry.coordinates.flat()
          : [],
    );
    const hull = convexHull(points);
    let outline: ZipRouteMap['outline'];
    if (hull.length >= 3) outline = { type: 'Polygon', coordinates: [[...hull, hull[0] as XY]] };
    else {
      // No streets to go around (no carrier routes): the generated area stands in for the zip code.
      const area = this.areas.zipArea(zip);
      outline = area ? polygonOf(area.shape, area.projection) : { type: 'Polygon', coordinates: [] };
    }
    const map: ZipRouteMap = {
      zip,
      routes: answer.routes,
      shapes: answer.shapes,
      outline,
      bbox: bboxOf(outline),
    };
    this.maps.set(answer, map);
    return map;
  }

  private fresh(entry: Entry, now: Date): boolean {
    return now.getTime() - entry.fetchedAt.getTime() < this.options.maxAgeMs;
  }

  /**
   * The answer under `key`: from memory, else the table (when `kept`), fetched again once older than
   * the refresh age.
   */
  private async read(key: string, url: string, kept: boolean): Promise<UspsAnswer> {
    const now = this.options.clock();
    const held = this.memory.get(key);
    if (held && this.fresh(held, now)) return held.answer;
    if (held?.failedAt && now.getTime() - held.failedAt.getTime() < RETRY_AFTER_MS) return held.answer;
    // Another server process may have fetched it again since.
    const table = kept ? await this.fromTable(key) : undefined;
    if (table && this.fresh(table, now)) return table.answer;
    const stale = table ?? held;
    const failedAt = this.failed.get(key);
    if (!stale && failedAt && now.getTime() - failedAt.getTime() < FAILED_BACK_OFF_MS)
      throw new HTTPException(503, { message: ROUTES_UNAVAILABLE });
    try {
      return await this.fetchOnce(key, url, kept);
    } catch (error) {
      const log = this.options.logger;
      // Asking again cannot help: the question must be smaller.
      if (error instanceof AnswerTooLarge) {
        log.warn({ err: error, key }, 'the carrier route service answered more than we read');
        throw new HTTPException(422, { message: TOO_MANY_ROUTES });
      }
      if (stale) {
        log.warn(
          { err: error, key, fetchedAt: stale.fetchedAt.toISOString() },
          'the carrier route service did not answer: serving the routes kept from before',
        );
        this.memory.set(key, { ...stale, failedAt: now });
        return stale.answer;
      }
      log.error({ err: error, key }, 'the carrier route service did not answer, and no routes were kept');
      this.failed.set(key, now);
      throw new HTTPException(503, { message: ROUTES_UNAVAILABLE });
    }
  }

  private async fromTable(key: string): Promise<Entry | undefined> {
    const row = await readRouteCache(this.options.db, key);
    const answer = row ? uspsAnswer.safeParse(row.payload) : null;
    if (!row || !answer?.success) return undefined;
    const entry: Entry = {
      answer: answer.data,
      fetchedAt: row.fetchedAt,
      length: JSON.stringify(row.payload).length,
    };
    this.memory.set(key, entry);
    return entry;
  }

  /** One call to the service per key at a time: requests arriving meanwhile wait for the same answer. */
  private fetchOnce(key: string, url: string, kept: boolean): Promise<UspsAnswer> {
    const pending = this.asking.get(key);
    if (pending) return pending;
    const asked = (async () => {
      const { answer, length } = await this.ask(url);
      const fetchedAt = this.options.clock();
      this.memory.set(key, { answer, fetchedAt, length });
      if (!kept) return answer;
      // The answer is good whether or not it could be kept for the other processes.
      await writeRouteCache(this.options.db, { key, source: this.kind, payload: answer, fetchedAt }).catch(
        (error: unknown) =>
          this.options.logger.error({ err: error, key }, 'the carrier routes could not be kept'),
      );
      return answer;
    })().finally(() => this.asking.delete(key));
    this.asking.set(key, asked);
    return asked;
  }

  private async ask(url: string): Promise<{ answer: UspsAnswer; length: number }> {
    const most = this.options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
    const call = this.options.fetch ?? fetch;
    const response = await call(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    if (!response.ok) throw new UspsProtocolError(`The service answered HTTP ${response.status}.`);
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > most) throw new AnswerTooLarge(`The answer is too large (${length} bytes).`);
    const body = await response.text();
    if (body.length > most) throw new AnswerTooLarge(`The answer is too large (${body.length} characters).`);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new UspsProtocolError('The answer is not JSON.');
    }
    return { answer: readAnswer(json), length: body.length };
  }
}
