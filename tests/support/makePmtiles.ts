import type { Feature, FeatureCollection, Geometry } from 'geojson';
import GeoJSONVT from 'geojson-vt';
import { zxyToTileId } from 'pmtiles';
import { fromGeojsonVt } from 'vt-pbf';

/**
 * A small vector PMTiles archive (spec version 3, github.com/protomaps/PMTiles/blob/main/spec/v3),
 * written here so the map's tests need no file from elsewhere: the layers cut into Mapbox Vector
 * Tiles by geojson-vt and encoded by vt-pbf, then
 *
 *   header (127 bytes) | root directory | JSON metadata | tile data
 *
 * uncompressed (compression 1, "none", for both directories and tiles), tiles clustered in tile id
 * order, every tile its own entry (run length 1). The tile id is the spec's: the tile's position on
 * the Hilbert curve of its zoom, after every tile of the zooms before it (pmtiles' `zxyToTileId`).
 */
export interface PmtilesInput {
  /** Each vector layer's features, by layer name. */
  layers: Record<string, FeatureCollection>;
  minZoom: number;
  maxZoom: number;
}

const HEADER_BYTES = 127;
/** A reader fetches the first 16 KiB at once: the header and the root directory must be in them. */
const FIRST_FETCH = 16_384;
const COMPRESSION_NONE = 1;
const TILE_TYPE_MVT = 1;

/** Unsigned LEB128, as the spec's directories write every number. */
function varint(value: number, out: number[]) {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

/** A directory: count, then the tile id deltas, run lengths, lengths, and offsets (0 = right after the previous). */
export function serializeDirectory(entries: readonly Entry[]): Uint8Array {
  const out: number[] = [];
  varint(entries.length, out);
  let lastId = 0;
  for (const entry of entries) {
    varint(entry.tileId - lastId, out);
    lastId = entry.tileId;
  }
  for (const entry of entries) varint(entry.runLength, out);
  for (const entry of entries) varint(entry.length, out);
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    const follows = previous && entry.offset === previous.offset + previous.length;
    varint(follows ? 0 : entry.offset + 1, out);
  });
  return Uint8Array.from(out);
}

/** [west, south, east, north] of every coordinate of the layers. */
function boundsOf(layers: Record<string, FeatureCollection>): [number, number, number, number] {
  const box: [number, number, number, number] = [180, 90, -180, -90];
  const visit = (value: unknown) => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number' && typeof value[1] === 'number') {
      const [lng, lat] = value as [number, number];
      box[0] = Math.min(box[0], lng);
      box[1] = Math.min(box[1], lat);
      box[2] = Math.max(box[2], lng);
      box[3] = Math.max(box[3], lat);
      return;
    }
    for (const item of value) visit(item);
  };
  for (const collection of Object.values(layers))
    for (const feature of collection.features)
      if (feature.geometry.type !== 'GeometryCollection') visit(feature.geometry.coordinates);
  return box;
}

/** The tile x, y of a point at a zoom (Web Mercator, as the tiles are cut). */
function tileOf(lng: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return [Math.min(n - 1, Math.max(0, x)), Math.min(n - 1, Math.max(0, y))];
}

const e7 = (degrees: number) => Math.round(degrees * 1e7);

export function makePmtiles({ layers, minZoom, maxZoom }: PmtilesInput): Uint8Array {
  const indexes = Object.entries(layers).map(
    ([name, collection]) =>
      [name, new GeoJSONVT(collection, { maxZoom, indexMaxZoom: maxZoom, buffer: 64 })] as const,
  );
  const [west, south, east, north] = boundsOf(layers);
  const tiles: { tileId: number; data: Uint8Array }[] = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    const [x0, y0] = tileOf(west, north, z);
    const [x1, y1] = tileOf(east, south, z);
    for (let x = x0; x <= x1; x++)
      for (let y = y0; y <= y1; y++) {
        const cut = Object.fromEntries(
          indexes.flatMap(([name, index]) => {
            const tile = index.getTile(z, x, y);
            return tile && tile.features.length > 0 ? [[name, tile]] : [];
          }),
        );
        if (Object.keys(cut).length > 0)
          tiles.push({ tileId: zxyToTileId(z, x, y), data: fromGeojsonVt(cut, { version: 2 }) });
      }
  }
  tiles.sort((a, b) => a.tileId - b.tileId);
  let offset = 0;
  const entries: Entry[] = tiles.map((tile) => {
    const entry = { tileId: tile.tileId, offset, length: tile.data.length, runLength: 1 };
    offset += tile.data.length;
    return entry;
  });
  const directory = serializeDirectory(entries);
  if (HEADER_BYTES + directory.length > FIRST_FETCH)
    throw new Error('Too many tiles for a root directory alone: this writer makes no leaf directories.');
  const metadata = new TextEncoder().encode(
    JSON.stringify({
      name: 'Adlane test basemap',
      vector_layers: Object.keys(layers).map((id) => ({
        id,
        fields: {},
        minzoom: minZoom,
        maxzoom: maxZoom,
      })),
    }),
  );
  const tileDataLength = offset;
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + directory.length;
  const tileDataOffset = metadataOffset + metadata.length;

  const archive = new Uint8Array(tileDataOffset + tileDataLength);
  const view = new DataView(archive.buffer);
  archive.set(new TextEncoder().encode('PMTiles'), 0);
  view.setUint8(7, 3);
  const u64 = (at: number, value: number) => view.setBigUint64(at, BigInt(value), true);
  u64(8, rootOffset);
  u64(16, directory.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, tileDataOffset); // no leaf directories: offset where they would be, length 0
  u64(48, 0);
  u64(56, tileDataOffset);
  u64(64, tileDataLength);
  u64(72, tiles.length); // addressed tiles
  u64(80, entries.length); // tile entries
  u64(88, tiles.length); // tile contents
  view.setUint8(96, 1); // clustered
  view.setUint8(97, COMPRESSION_NONE);
  view.setUint8(98, COMPRESSION_NONE);
  view.setUint8(99, TILE_TYPE_MVT);
  view.setUint8(100, minZoom);
  view.setUint8(101, maxZoom);
  view.setInt32(102, e7(west), true);
  view.setInt32(106, e7(south), true);
  view.setInt32(110, e7(east), true);
  view.setInt32(114, e7(north), true);
  view.setUint8(118, maxZoom);
  view.setInt32(119, e7((west + east) / 2), true);
  view.setInt32(123, e7((south + north) / 2), true);
  archive.set(directory, rootOffset);
  archive.set(metadata, metadataOffset);
  let at = tileDataOffset;
  for (const tile of tiles) {
    archive.set(tile.data, at);
    at += tile.data.length;
  }
  return archive;
}

const line = (name: string, coordinates: [number, number][]): Feature<Geometry> => ({
  type: 'Feature',
  properties: { name, kind: 'major_road' },
  geometry: { type: 'LineString', coordinates },
});
const place = (name: string, lng: number, lat: number): Feature<Geometry> => ({
  type: 'Feature',
  properties: { name, kind: 'neighbourhood' },
  geometry: { type: 'Point', coordinates: [lng, lat] },
});

/**
 * A few streets of Lincoln Park, Chicago (60614), near where they run, and two neighbourhoods: the
 * test basemap. Roads in "roads", places in "places".
 */
export const LINCOLN_PARK = {
  roads: {
    type: 'FeatureCollection',
    features: [
      line('W Fullerton Ave', [
        [-87.7, 41.9254],
        [-87.6, 41.9254],
      ]),
      line('N Clark St', [
        [-87.632, 41.91],
        [-87.641, 41.9235],
        [-87.6505, 41.94],
      ]),
      line('N Halsted St', [
        [-87.6488, 41.9],
        [-87.6488, 41.95],
      ]),
      line('W Armitage Ave', [
        [-87.7, 41.918],
        [-87.63, 41.918],
      ]),
    ],
  },
  places: {
    type: 'FeatureCollection',
    features: [place('Lincoln Park', -87.6443, 41.9214), place('Old Town', -87.6376, 41.9107)],
  },
} satisfies Record<string, FeatureCollection>;

/** The colour the test style paints roads in, so a test can find them in a picture too. */
export const ROAD_COLOR = '#e4572e';

/** A MapLibre style over the archive at `pmtilesUrl` (read through the `pmtiles://` protocol). */
export function basemapStyleOf(pmtilesUrl: string) {
  return {
    version: 8,
    name: 'Adlane test basemap',
    sources: { basemap: { type: 'vector', url: `pmtiles://${pmtilesUrl}` } },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#f6f1e7' } },
      {
        id: 'roads',
        type: 'line',
        source: 'basemap',
        'source-layer': 'roads',
        paint: { 'line-color': ROAD_COLOR, 'line-width': 4 },
      },
      {
        id: 'places',
        type: 'circle',
        source: 'basemap',
        'source-layer': 'places',
        paint: { 'circle-color': '#2e1766', 'circle-radius': 5 },
      },
    ],
  };
}
