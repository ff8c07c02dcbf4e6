import type { FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import states from 'us-atlas/states-10m.json';

/**
 * US state outlines from `us-atlas` (Census Bureau cartographic boundaries, 1:10m) as GeoJSON: the
 * whole basemap of the embedded map. No tiles, no glyphs, nothing fetched from another host.
 */
export function stateOutlines(): FeatureCollection<Geometry> {
  const topology = states as unknown as Topology<{ states: GeometryCollection }>;
  return feature(topology, topology.objects.states);
}
