import type { FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import states from 'us-atlas/states-10m.json';

/** The colours of the offline basemap (the palette of tailwind.config.ts: mint, cream, purple). */
export const BASEMAP_COLORS = {
  water: '#dcf5ea',
  land: '#fff8ec',
  border: '#d3c4ff',
} as const;

/**
 * US state outlines from `us-atlas` (Census Bureau cartographic boundaries, 1:10m) as GeoJSON: the
 * whole basemap of the embedded map. No tiles, no glyphs, nothing fetched from another host.
 */
export function stateOutlines(): FeatureCollection<Geometry> {
  const topology = states as unknown as Topology<{ states: GeometryCollection }>;
  return feature(topology, topology.objects.states);
}
