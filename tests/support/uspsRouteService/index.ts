import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/*
 * A stand-in for USPS's EDDM route service (gis.usps.com/arcgis/rest/services/EDDM), speaking the
 * protocol server/directMail/uspsProtocol.ts describes: GET .../selectZIP/GPServer/routes/execute
 * answers the carrier routes of 60614 and 60657 from the fixtures beside this file (any other zip code:
 * a feature set without features), .../selectNear/GPServer/routes/execute the routes of both with a
 * street within `Distance` miles of the point of `Selecting_Features`. `fail` makes it answer as a
 * failing service does: HTTP 500, a body that is not JSON, a result without its feature set, ArcGIS's
 * error object, or no answer at all until it is closed. It counts what it was asked.
 */

export type UspsFailure = 'http-500' | 'not-json' | 'empty-results' | 'error-object' | 'silent';

interface Feature {
  attributes: { ZIP_CODE: string };
  geometry: { paths: [number, number][][] };
}
interface Envelope {
  results: { value: { features: Feature[] } }[];
}

const HERE = path.dirname(new URL(import.meta.url).pathname);
const fixture = (zip: string): Envelope =>
  JSON.parse(readFileSync(path.join(HERE, `selectZIP-${zip}.json`), 'utf8')) as Envelope;
export const STAND_IN_ZIPS = ['60614', '60657'] as const;

const MILES_PER_DEGREE_LAT = 69.05;

/** An envelope around other features (the first fixture's field list). */
function envelopeOf(features: Feature[]): Envelope {
  const base = fixture(STAND_IN_ZIPS[0]);
  const [result] = base.results;
  if (!result) throw new Error('The fixture has no result.');
  return { ...base, results: [{ ...result, value: { ...result.value, features } }] };
}

function withinMiles(feature: Feature, lat: number, lng: number, miles: number): boolean {
  const cos = Math.cos((lat * Math.PI) / 180);
  return feature.geometry.paths
    .flat()
    .some(([x, y]) => Math.hypot((x - lng) * cos, y - lat) * MILES_PER_DEGREE_LAT <= miles);
}

export async function startUspsRouteService() {
  const asked: URL[] = [];
  let failure: UspsFailure | null = null;
  const held = new Set<ServerResponse>();
  const send = (response: ServerResponse, status: number, body: string) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(body);
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    asked.push(url);
    if (failure === 'silent') {
      held.add(response);
      return;
    }
    if (failure === 'http-500') return send(response, 500, '<html>Internal Server Error</html>');
    if (failure === 'not-json') return send(response, 200, '{"results":[{"paramName":');
    if (failure === 'empty-results') return send(response, 200, '{"results":[],"messages":[]}');
    if (failure === 'error-object')
      return send(
        response,
        200,
        '{"error":{"code":400,"message":"Unable to complete operation.","details":["Error executing tool."]}}',
      );
    const q = url.searchParams;
    if (url.pathname.endsWith('/EDDM/selectZIP/GPServer/routes/execute') && q.get('f') === 'json') {
      const zip = q.get('ZIP') ?? '';
      const known = (STAND_IN_ZIPS as readonly string[]).includes(zip);
      return send(response, 200, JSON.stringify(known ? fixture(zip) : envelopeOf([])));
    }
    if (url.pathname.endsWith('/EDDM/selectNear/GPServer/routes/execute') && q.get('f') === 'json') {
      const selecting = JSON.parse(q.get('Selecting_Features') ?? '{}') as {
        features?: { geometry?: { x?: number; y?: number } }[];
      };
      const point = selecting.features?.[0]?.geometry;
      const miles = Number(q.get('Distance'));
      const features = STAND_IN_ZIPS.flatMap((zip) => fixture(zip).results[0]?.value.features ?? []).filter(
        (f) => point?.x !== undefined && point.y !== undefined && withinMiles(f, point.y, point.x, miles),
      );
      return send(response, 200, JSON.stringify(envelopeOf(features)));
    }
    send(response, 404, '{"error":{"code":404,"message":"Service not found.","details":[]}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** What EDDM_ROUTES_URL is set to. */
    baseUrl: `http://127.0.0.1:${port}/arcgis/rest/services/EDDM`,
    /** The requests it was sent, in order. */
    asked,
    /** How many requests went to a service (`selectZIP`, `selectNear`). */
    count: (service: 'selectZIP' | 'selectNear') =>
      asked.filter((u) => u.pathname.includes(`/${service}/`)).length,
    fail(mode: UspsFailure | null) {
      failure = mode;
      for (const response of held) response.destroy();
      held.clear();
    },
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type UspsRouteService = Awaited<ReturnType<typeof startUspsRouteService>>;
