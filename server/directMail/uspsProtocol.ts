/**
 * The protocol of USPS's public EDDM route service, as its own EDDM Online tool calls it: two ArcGIS
 * geoprocessing services run synchronously over GET, each answering one feature set of carrier routes.
 *
 *   GET {base}/selectZIP/GPServer/routes/execute?f=json&env:outSR=4326&ZIP=60614&Rte_Box=R&UserName=EDDM
 *   GET {base}/selectNear/GPServer/routes/execute?f=json&env:outSR=4326&Distance=1.5&Rte_Box=R&userName=EDDM
 *       &Selecting_Features={"geometryType":"esriGeometryPoint","features":[{"geometry":{"x":lng,"y":lat,
 *         "spatialReference":{"wkid":4326}}}],"sr":{"wkid":4326}}
 *
 * with {base} = https://gis.usps.com/arcgis/rest/services/EDDM (`EDDM_ROUTES_URL`). `Distance` is in
 * miles around the point; `env:outSR=4326` asks for longitude/latitude (the tool itself asks for web
 * mercator, 102100, which is also read here). The answer (HTTP 200):
 *
 *   {"results":[{"paramName":"Output_Feature_Class","dataType":"GPFeatureRecordSetLayer","value":{
 *     "geometryType":"esriGeometryPolyline","spatialReference":{"wkid":4326,"latestWkid":4326},
 *     "fields":[...],"features":[{"attributes":{"ZIP_CODE":"48910","CRID_ID":"C028","TYPE":"C",
 *       "ZIP_CRID":"48910C028","CITY_STATE":"LANSING, MI","RES_CNT":421,"BUS_CNT":2,"TOT_CNT":423,
 *       "FACILITY_NAME":"LANSING","MED_INCOME":50982,"MED_AGE":36,"AVG_HH_SIZ":2.17,"AGE_25_34":168,...},
 *       "geometry":{"paths":[[[-84.548,42.699],...],...]}}]}}],"messages":[]}
 *
 * and a failure, as every ArcGIS REST service answers one, still with HTTP 200:
 * `{"error":{"code":400,"message":"Unable to complete operation.","details":[...]}}`.
 *
 * Where this was learned (public sources, none of them USPS documentation, which there is none of):
 * - A whole answer for 48910, saved by CarlRaymond/MoneyMail (response-48910.json, query.http,
 *   fetch-data.ps1): the envelope, the field list, the attribute names and types above.
 * - The selectNear call: WazeDev's "WME USPS Routes" and "WME US Government Boundaries" user scripts
 *   (Selecting_Features, Distance in miles, the answer read as results[0].value.features with
 *   CITY_STATE, ZIP_CODE and geometry.paths); their newer versions ask for 4326, the older for 102100.
 * - selectZIP's parameters again in bayesimpact/representative-population-generator (DATA_SOURCES.md),
 *   a Python scraper (Rte_Box=B for post office boxes, R for routes) and grgorien/usps-eddm-go's README.
 *
 * Where they disagree or are silent, the choices made here:
 * - Household size: the saved answer's field is `AVG_HH_SIZ` (a shapefile's 10-character name); some
 *   write `AVG_HH_SIZE`. Both are read, `AVG_HH_SIZ` first.
 * - The post office's name: `FACILITY_NAME` and `FAC_NAME` both appear (the same value); neither is used.
 * - `Rte_Box`: one README calls `B` "business", the scraper and the other README's notes "post office
 *   boxes"; `R` is sent (carrier routes, city and rural alike, as the saved answer shows). A box section or
 *   general delivery (`B`, `G` route ids) is not a carrier route and is left out if it comes anyway.
 * - The parameter's case: selectZIP's callers send `UserName`, selectNear's `userName`; each is sent as
 *   its callers send it.
 * - `TOT_CNT` is a double in the field list; the total is taken as RES_CNT + BUS_CNT (our contract's).
 * - Demographics: a missing, zero or negative figure is "no figure" (null): no route has a median age or
 *   income of 0. Median age is rounded to a tenth, household size to a hundredth.
 * - One route could come as several features: their streets are joined under the first one's counts.
 * - An answer without `results`, without the feature set, or with the error object is a failure; a feature
 *   set with no features is a true answer (a zip code of post office boxes only has no carrier routes).
 */
import { z } from 'zod';
import {
  type CarrierRoute,
  carrierRoute,
  type LatLng,
  ROUTECODE,
  type RouteGeometry,
  type RouteShape,
  routeGeometry,
} from '../../contract/directMail';
import { round6 } from './geoJson';
import { bounds } from './plane';

/** What a call to the service comes to: its carrier routes with their street lines. */
export interface UspsAnswer {
  routes: CarrierRoute[];
  shapes: RouteGeometry[];
}
/** The answer as kept in `eddm_route_cache.payload`, checked when read back. */
export const uspsAnswer = z.object({ routes: z.array(carrierRoute), shapes: z.array(routeGeometry) });

/** Why an answer of the service could not be read (the message is for the log). */
export class UspsProtocolError extends Error {}

/** The URL of a zip code's routes. */
export function selectZipUrl(base: string, zip: string): string {
  const query = new URLSearchParams({
    f: 'json',
    'env:outSR': '4326',
    ZIP: zip,
    Rte_Box: 'R',
    UserName: 'EDDM',
  });
  return `${base}/selectZIP/GPServer/routes/execute?${query}`;
}

/** The URL of the routes within `miles` of a point. */
export function selectNearUrl(
  base: string,
  { lat, lng, miles }: { lat: number; lng: number; miles: number },
) {
  const point = {
    geometryType: 'esriGeometryPoint',
    features: [{ geometry: { x: lng, y: lat, spatialReference: { wkid: 4326 } } }],
    sr: { wkid: 4326 },
  };
  const query = new URLSearchParams({
    f: 'json',
    'env:outSR': '4326',
    Selecting_Features: JSON.stringify(point),
    Distance: String(miles),
    Rte_Box: 'R',
    userName: 'EDDM',
  });
  return `${base}/selectNear/GPServer/routes/execute?${query}`;
}

const position = z.tuple([z.number(), z.number()]).rest(z.number());
const feature = z.object({
  attributes: z.record(z.string(), z.unknown()),
  geometry: z.object({ paths: z.array(z.array(position)) }).nullish(),
});
const featureSet = z.object({
  spatialReference: z.object({ wkid: z.number().optional(), latestWkid: z.number().optional() }).optional(),
  features: z.array(feature),
});
const envelope = z.object({
  error: z.object({ message: z.string().optional(), code: z.number().optional() }).optional(),
  results: z.array(z.object({ paramName: z.string().optional(), value: z.unknown() })).optional(),
});

const WEB_MERCATOR = new Set([102100, 102113, 3857, 900913]);
const EARTH_RADIUS_M = 6_378_137;
/** Longitude and latitude of a web mercator point. */
const fromMercator = ([x, y]: [number, number]): [number, number] => [
  (x / EARTH_RADIUS_M) * (180 / Math.PI),
  (2 * Math.atan(Math.exp(y / EARTH_RADIUS_M)) - Math.PI / 2) * (180 / Math.PI),
];

const KINDS: Record<string, CarrierRoute['kind']> = { C: 'city', R: 'rural', H: 'highway' };

const text = (value: unknown): string => (typeof value === 'string' ? value.trim().toUpperCase() : '');
const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
/** A figure rounded to `decimals`, or null for none (missing, zero or negative). */
const figure = (value: unknown, decimals: number): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0
    ? Math.round(value * 10 ** decimals) / 10 ** decimals
    : null;

/** A point on the route's streets, for its label: the vertex nearest the middle of them all. */
function labelOf(paths: [number, number][][]): LatLng {
  const points = paths.flat();
  const mx = points.reduce((sum, [x]) => sum + x, 0) / points.length;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
  let best = points[0] ?? [mx, my];
  for (const p of points)
    if (Math.hypot(p[0] - mx, p[1] - my) < Math.hypot(best[0] - mx, best[1] - my)) best = p;
  return { lat: round6(best[1]), lng: round6(best[0]) };
}

const shapeOf = (paths: [number, number][][]): RouteShape =>
  paths.length === 1 && paths[0]
    ? { type: 'LineString', coordinates: paths[0] }
    : { type: 'MultiLineString', coordinates: paths };

/** The carrier routes of one answer of selectZIP or selectNear, ordered by route code. */
export function readAnswer(body: unknown): UspsAnswer {
  const parsed = envelope.safeParse(body);
  if (!parsed.success) throw new UspsProtocolError('The answer is not an ArcGIS geoprocessing result.');
  if (parsed.data.error)
    throw new UspsProtocolError(
      `The service answered an error: ${parsed.data.error.message ?? 'no message'}.`,
    );
  const set = parsed.data.results
    ?.map((result) => featureSet.safeParse(result.value))
    .find((result) => result.success);
  if (!set?.data) throw new UspsProtocolError('The answer has no feature set of routes.');
  const wkid = set.data.spatialReference?.latestWkid ?? set.data.spatialReference?.wkid ?? 4326;
  if (wkid !== 4326 && !WEB_MERCATOR.has(wkid))
    throw new UspsProtocolError(`The routes came in spatial reference ${wkid}, not 4326 or web mercator.`);
  const toLngLat = (p: readonly number[]): [number, number] => {
    const xy: [number, number] = [p[0] ?? 0, p[1] ?? 0];
    const [lng, lat] = wkid === 4326 ? xy : fromMercator(xy);
    return [round6(lng), round6(lat)];
  };

  const byCode = new Map<string, { route: CarrierRoute; paths: [number, number][][] }>();
  for (const { attributes, geometry } of set.data.features) {
    const zip = text(attributes.ZIP_CODE);
    const crid = text(attributes.CRID_ID);
    const routecode = text(attributes.ZIP_CRID) || `${zip}${crid}`;
    const kind = KINDS[routecode.charAt(5)];
    if (!ROUTECODE.test(routecode) || !kind) continue;
    const paths = (geometry?.paths ?? [])
      .map((path) => path.map(toLngLat))
      .filter((path) => path.length >= 2);
    const known = byCode.get(routecode);
    if (known) {
      known.paths.push(...paths);
      continue;
    }
    const residential = count(attributes.RES_CNT);
    const business = count(attributes.BUS_CNT);
    byCode.set(routecode, {
      paths,
      route: {
        routecode,
        crid: routecode.slice(5),
        kind,
        residential,
        business,
        total: residential + business,
        label: { lat: 0, lng: 0 },
        median_age: figure(attributes.MED_AGE, 1),
        median_income: figure(attributes.MED_INCOME, 0),
        household_size: figure(attributes.AVG_HH_SIZ ?? attributes.AVG_HH_SIZE, 2),
      },
    });
  }
  // A route without a street to draw cannot be chosen on the map: it is left out.
  const found = [...byCode.values()]
    .filter((entry) => entry.paths.length > 0)
    .sort((a, b) => (a.route.routecode < b.route.routecode ? -1 : 1));
  return {
    routes: found.map(({ route, paths }) => ({ ...route, label: labelOf(paths) })),
    shapes: found.map(({ route, paths }) => ({
      routecode: route.routecode,
      geometry: shapeOf(paths),
      bbox: bounds(paths.flat()),
    })),
  };
}
