import { createRequire } from 'node:module';
import type { MultiPolygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EddmZip, eddmZip, type ZipGeometry, zipGeometry } from '../../contract/directMail';
import { envelope } from '../../contract/envelope';
import { buildGeography } from '../../server/db/seed/geography';
import { DirectMailAreas, type ZipRoutes } from '../../server/directMail/areas';
import { shapeBounds, shapeContains } from '../../server/directMail/shapes';
import { DRIVERS, type Harness } from './harness';
import { caller } from './shop';

/**
 * Acceptance 1 of issue 34: the generated routes of coastal zip codes lie on land. Land is read here
 * from both datasets' files directly (not through server/directMail/land.ts), each on its own: a point
 * is water when either has it as water (the Census outline has the Great Lakes, Natural Earth's coast
 * has Biscayne Bay and Elliott Bay). The water is also named by places known to be water, so the check
 * does not only repeat the clipping.
 */
const COASTAL = ['60614', '02108', '33139', '98101', '94110'];

const require = createRequire(import.meta.url);

/** The Census Bureau's 1:10M cartographic boundary of the United States (us-atlas). */
const nation = (() => {
  const topology = require('us-atlas/nation-10m.json') as Topology<{ nation: GeometryCollection }>;
  const collection = feature(topology, topology.objects.nation);
  const geometry = collection.features[0]?.geometry as MultiPolygon;
  return geometry.coordinates;
})();

/** Natural Earth's 1:10M land (world-atlas), the polygons in the boxes around the coastal zip codes. */
const naturalEarth = (() => {
  const topology = require('world-atlas/land-10m.json') as Topology<{ land: GeometryCollection }>;
  const collection = feature(topology, topology.objects.land);
  const geometry = collection.features[0]?.geometry as MultiPolygon;
  return geometry.coordinates;
})();

const DATASETS = [nation, naturalEarth];

function inRing(ring: readonly Position[], lng: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const inDataset = (polygons: Position[][][], lat: number, lng: number) =>
  polygons.some(
    ([outline, ...holes]) =>
      !!outline && inRing(outline, lng, lat) && !holes.some((h) => inRing(h, lng, lat)),
  );

/** Whether both datasets have the point on land. */
const onLand = (lat: number, lng: number) => DATASETS.every((polygons) => inDataset(polygons, lat, lng));

/**
 * Water near the coastal zip codes (Lake Michigan east of Lincoln Park, which 60614's cell reached before
 * clipping; Boston Harbor; the Atlantic off South Beach; Biscayne Bay behind Miami Beach, which 33139's
 * routes covered with the Census outline alone; Puget Sound off Alki; Elliott Bay; San Francisco Bay off
 * Potrero Point), each checked to be water in the datasets as well.
 */
const WATER: { name: string; lat: number; lng: number }[] = [
  { name: 'Lake Michigan east of Lincoln Park', lat: 41.93, lng: -87.6 },
  { name: 'Lake Michigan off Fullerton Avenue beach', lat: 41.926, lng: -87.622 },
  { name: 'Lake Michigan off Diversey Harbor', lat: 41.93, lng: -87.61 },
  { name: 'Boston Harbor off Castle Island', lat: 42.34, lng: -71.0 },
  { name: 'the Atlantic off South Beach', lat: 25.78, lng: -80.12 },
  { name: 'Biscayne Bay west of Miami Beach', lat: 25.79, lng: -80.15 },
  { name: 'Puget Sound off Alki', lat: 47.6, lng: -122.42 },
  { name: 'Elliott Bay', lat: 47.6, lng: -122.36 },
  { name: 'San Francisco Bay off Potrero Point', lat: 37.76, lng: -122.37 },
];

const geography = buildGeography();
const areas = new DirectMailAreas({ zips: geography.zips, markets: geography.markets });
const routesOf = (zip: string): ZipRoutes => {
  const found = areas.routesOf(zip);
  if (!found) throw new Error(`No routes for ${zip}`);
  return found;
};

/**
 * Whether points in a band of latitudes are on land in one dataset: the same test as `inDataset`,
 * reading only the edges that cross the band (a ray from a point in it meets no others), so thousands of
 * points cost little.
 */
function inDatasetBetween(
  polygons: Position[][][],
  south: number,
  north: number,
): (lat: number, lng: number) => boolean {
  const edges: [number, number, number, number][] = [];
  for (const polygon of polygons) {
    for (const ring of polygon) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi = 0, yi = 0] = ring[i] ?? [];
        const [xj = 0, yj = 0] = ring[j] ?? [];
        if (Math.max(yi, yj) >= south && Math.min(yi, yj) <= north) edges.push([xi, yi, xj, yj]);
      }
    }
  }
  return (lat, lng) => {
    let inside = false;
    for (const [xi, yi, xj, yj] of edges)
      if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    return inside;
  };
}

/**
 * The share of a zip code's routes on water: a 100 × 100 grid over them, each point on a route tested
 * against each dataset on its own (water in either counts).
 */
function waterShare(zip: string): { onRoutes: number; onWater: number } {
  const { area, routes } = routesOf(zip);
  const [minX, minY, maxX, maxY] = shapeBounds(routes.flatMap((r) => r.shape));
  const [, south] = area.projection.toLngLat([minX, minY]);
  const [, north] = area.projection.toLngLat([maxX, maxY]);
  const tests = DATASETS.map((polygons) => inDatasetBetween(polygons, south, north));
  const land = (lat: number, lng: number) => tests.every((test) => test(lat, lng));
  const steps = 100;
  let onRoutes = 0;
  let onWater = 0;
  for (let i = 0; i < steps; i++) {
    for (let j = 0; j < steps; j++) {
      const point: [number, number] = [
        minX + ((i + 0.5) / steps) * (maxX - minX),
        minY + ((j + 0.5) / steps) * (maxY - minY),
      ];
      if (!routes.some((r) => shapeContains(r.shape, point))) continue;
      onRoutes += 1;
      const [lng, lat] = area.projection.toLngLat(point);
      if (!land(lat, lng)) onWater += 1;
    }
  }
  return { onRoutes, onWater };
}

describe('generated carrier routes of coastal zip codes', () => {
  it('lie on land: at most 2 % of their area on water', () => {
    for (const zip of COASTAL) {
      const { onRoutes, onWater } = waterShare(zip);
      expect(onRoutes, zip).toBeGreaterThan(2000);
      const share = onWater / onRoutes;
      console.info(`${zip}: ${(share * 100).toFixed(2)} % of the routes' area on water`);
      expect(share, zip).toBeLessThanOrEqual(0.02);
    }
  });

  it('cover none of the known water near them, which the dataset also has as water', () => {
    for (const water of WATER) expect(onLand(water.lat, water.lng), water.name).toBe(false);
    for (const zip of COASTAL) {
      const { area, routes } = routesOf(zip);
      for (const water of WATER) {
        const point = area.projection.toXY(water.lng, water.lat);
        const covering = routes.filter((r) => shapeContains(r.shape, point)).map((r) => r.route.routecode);
        expect(covering, `${water.name} in ${zip}`).toEqual([]);
      }
    }
  });

  it('used to reach over Lake Michigan in 60614: the clipping is what keeps it out', () => {
    const chicago = routesOf('60614').area;
    const lake = chicago.projection.toXY(-87.61, 41.93);
    expect(shapeContains([[chicago.cell]], lake)).toBe(true);
    expect(shapeContains(chicago.shape, lake)).toBe(false);
  });

  it('labels every route on land, inside the route', () => {
    for (const zip of COASTAL) {
      const { area, routes } = routesOf(zip);
      for (const { route, shape } of routes) {
        expect(onLand(route.label.lat, route.label.lng), route.routecode).toBe(true);
        expect(
          shapeContains(shape, area.projection.toXY(route.label.lng, route.label.lat)),
          route.routecode,
        ).toBe(true);
      }
    }
  });

  // The Census boundary alone closes Biscayne Bay and Elliott Bay (33139's routes covered the bay):
  // Natural Earth's coast is what opens them, and no route of 33139 or 98101 covers them.
  it('knows Biscayne Bay and Elliott Bay as water, which the Census boundary alone has as land', () => {
    for (const [lat, lng, name] of [
      [25.79, -80.15, 'Biscayne Bay west of Miami Beach'],
      [47.6, -122.36, 'Elliott Bay'],
    ] as const) {
      expect(inDataset(nation, lat, lng), `${name} in the Census boundary`).toBe(true);
      expect(inDataset(naturalEarth, lat, lng), `${name} in Natural Earth`).toBe(false);
      for (const zip of ['33139', '98101']) {
        const { area, routes } = routesOf(zip);
        const point = area.projection.toXY(lng, lat);
        expect(
          routes.filter((r) => shapeContains(r.shape, point)).map((r) => r.route.routecode),
          `${name} in ${zip}`,
        ).toEqual([]);
      }
    }
  });

  it('draws 33139, whose point is in Biscayne Bay, on Miami Beach rather than on the bay', () => {
    const { area } = routesOf('33139');
    expect(onLand(area.zip.lat, area.zip.lng)).toBe(false);
    expect(area.shape.length).toBeGreaterThan(0);
    expect(shapeContains(area.shape, area.projection.toXY(area.zip.lng, area.zip.lat))).toBe(false);
    const [minX, , maxX] = shapeBounds(area.shape);
    expect(area.projection.toLngLat([minX, 0])[0]).toBeGreaterThan(-80.15);
    expect(area.projection.toLngLat([maxX, 0])[0]).toBeLessThan(-80.12);
  });
});

describe.each(DRIVERS)('GET /eddm/zipgeom of coastal zip codes on %s', (_name, open) => {
  let h: Harness;
  const call = caller(() => h);
  beforeAll(async () => {
    h = await open();
  });
  afterAll(async () => {
    await h.close();
  });

  it('draws 60614 and its routes stopping at the lake, each label inside its route and on land', async () => {
    const answer = await call<ZipGeometry>('GET', '/eddm/zipgeom?zip=60614');
    expect(answer.status).toBe(200);
    const data = envelope(zipGeometry).parse(answer.body).data;
    const polygonsOf = (geometry: ZipGeometry['routes'][number]['geometry']): Position[][][] => {
      if (geometry.type === 'Polygon') return [geometry.coordinates];
      if (geometry.type === 'MultiPolygon') return geometry.coordinates;
      throw new Error(`${geometry.type} is not an area`);
    };
    const inShape = (polygons: Position[][][], lng: number, lat: number) =>
      polygons.some(
        ([outline, ...holes]) =>
          !!outline && inRing(outline, lng, lat) && !holes.some((h) => inRing(h, lng, lat)),
      );
    expect(inShape(polygonsOf(data.geometry), -87.6, 41.93)).toBe(false);
    const zip = envelope(eddmZip).parse((await call<EddmZip>('GET', '/eddm/zip?zip=60614')).body).data;
    const labels = new Map(zip.routes.map((r) => [r.routecode, r.label]));
    for (const route of data.routes) {
      const polygons = polygonsOf(route.geometry);
      expect(inShape(polygons, -87.6, 41.93), route.routecode).toBe(false);
      const label = labels.get(route.routecode);
      if (!label) throw new Error(`No label for ${route.routecode}`);
      expect(inShape(polygons, label.lng, label.lat), route.routecode).toBe(true);
      expect(onLand(label.lat, label.lng), route.routecode).toBe(true);
    }
  });
});
