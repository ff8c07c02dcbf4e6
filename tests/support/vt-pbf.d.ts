// vt-pbf ships no types: the one function the tests' PMTiles writer calls.
declare module 'vt-pbf' {
  import type { LegacyTile } from 'geojson-vt';
  export function fromGeojsonVt(
    layers: Record<string, LegacyTile>,
    options?: { version?: number },
  ): Uint8Array;
}
