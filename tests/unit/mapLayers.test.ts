import { describe, expect, it } from 'vitest';
import {
  areaFeatures,
  circleFeatures,
  contextFeatures,
  lassoFeatures,
} from '../../src/features/map/mapLayers';

describe('the map’s own features', () => {
  it('draws nothing for the lasso until two points, a line then, and an area closed on its first point from three', () => {
    expect(lassoFeatures([]).features).toEqual([]);
    expect(lassoFeatures([[-87.64, 41.92]]).features).toEqual([]);
    const two = lassoFeatures([
      [-87.64, 41.92],
      [-87.63, 41.93],
    ]);
    expect(two.features.map((f) => f.geometry.type)).toEqual(['LineString']);
    const three = lassoFeatures([
      [-87.64, 41.92],
      [-87.63, 41.93],
      [-87.62, 41.92],
    ]);
    expect(three.features.map((f) => f.geometry.type)).toEqual(['Polygon', 'LineString']);
    const polygon = three.features[0]?.geometry;
    expect(polygon?.type === 'Polygon' ? polygon.coordinates[0]?.at(-1) : null).toEqual([-87.64, 41.92]);
  });

  it('draws the radius ring as a closed polygon at that many miles from its centre', () => {
    expect(circleFeatures(null).features).toEqual([]);
    const ring = circleFeatures({ lat: 41.9214, lng: -87.6513, miles: 1 }).features[0]?.geometry;
    if (ring?.type !== 'Polygon') throw new Error('The ring is not a polygon.');
    const points = ring.coordinates[0] ?? [];
    expect(points.length).toBe(65);
    expect(points[0]).toEqual(points.at(-1));
    // One mile north: 1/69 of a degree of latitude.
    const north = Math.max(...points.map(([, lat]) => lat ?? 0));
    expect(north - 41.9214).toBeCloseTo(1 / 69.05, 3);
  });

  it('keys areas by their id (feature state), lines as well as areas, and leaves the zip code’s own outline out of the neighbours', () => {
    const features = areaFeatures([
      {
        id: '60614C001',
        geometry: {
          type: 'LineString',
          coordinates: [
            [-87.64, 41.92],
            [-87.63, 41.93],
          ],
        },
      },
    ]).features;
    expect(features[0]).toMatchObject({ id: '60614C001', properties: { id: '60614C001' } });
    const square = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ] as [number, number][],
      ],
    };
    const neighbours = contextFeatures({
      zip: '60614',
      zips: [
        { zip: '60614', center: { lat: 0, lng: 0 }, geometry: square },
        { zip: '60657', center: { lat: 1, lng: 1 }, geometry: square },
      ],
      places: [],
    });
    expect(neighbours.features.map((f) => f.properties?.zip)).toEqual(['60657']);
  });
});
