import { PMTiles, type RangeResponse, type Source, TileType } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { LINCOLN_PARK, makePmtiles, serializeDirectory } from '../support/makePmtiles';

/** The archive in memory as a pmtiles Source: what a reader fetches by range, answered from the bytes. */
const memorySource = (bytes: Uint8Array): Source => ({
  getKey: () => 'memory://lincoln-park.pmtiles',
  getBytes: async (offset: number, length: number): Promise<RangeResponse> => ({
    data: bytes.slice(offset, offset + length).buffer,
  }),
});

/** Web Mercator tile of a point (as the spec's readers address tiles). */
const tileAt = (lng: number, lat: number, z: number) => {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lng + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
};

describe('the tests’ PMTiles writer', () => {
  const bytes = makePmtiles({ layers: LINCOLN_PARK, minZoom: 10, maxZoom: 14 });
  const archive = new PMTiles(memorySource(bytes));

  it('writes a version 3 header the pmtiles reader reads back', async () => {
    const header = await archive.getHeader();
    expect(header.specVersion).toBe(3);
    expect(header.tileType).toBe(TileType.Mvt);
    expect([header.minZoom, header.maxZoom]).toEqual([10, 14]);
    // The bounds of the streets written: Fullerton and Armitage run from -87.7 to -87.6 and -87.63.
    expect(header.minLon).toBeCloseTo(-87.7, 5);
    expect(header.maxLon).toBeCloseTo(-87.6, 5);
    expect(header.minLat).toBeCloseTo(41.9, 5);
    expect(header.maxLat).toBeCloseTo(41.95, 5);
    expect(header.numTileEntries).toBe(header.numAddressedTiles);
    expect(header.tileDataOffset + (header.tileDataLength ?? 0)).toBe(bytes.length);
    const metadata = (await archive.getMetadata()) as { vector_layers: { id: string }[] };
    expect(metadata.vector_layers.map((layer) => layer.id)).toEqual(['roads', 'places']);
  });

  it('finds the tile over Lincoln Park at every zoom, with its roads and places (no compression: the names are in the bytes)', async () => {
    for (const z of [10, 12, 14]) {
      const { x, y } = tileAt(-87.6443, 41.9214, z);
      const tile = await archive.getZxy(z, x, y);
      expect(tile, `tile ${z}/${x}/${y}`).toBeDefined();
      // A vector tile keeps its layers' names and its string values as they are (UTF-8).
      const text = new TextDecoder().decode(tile?.data);
      for (const word of ['roads', 'places', 'W Fullerton Ave', 'Lincoln Park']) expect(text).toContain(word);
    }
    // Outside the streets' bounds, and past the archive's zooms: nothing.
    const far = tileAt(-87.9, 41.7, 14);
    expect(await archive.getZxy(14, far.x, far.y)).toBeUndefined();
    expect(await archive.getZxy(15, 0, 0)).toBeUndefined();
  });

  it('writes directories as the spec does: deltas, run lengths, lengths, then 0 for a following offset', () => {
    const directory = serializeDirectory([
      { tileId: 5, offset: 0, length: 300, runLength: 1 },
      { tileId: 7, offset: 300, length: 10, runLength: 1 },
      { tileId: 9, offset: 1000, length: 10, runLength: 2 },
    ]);
    // 3 entries; ids 5, +2, +2; run lengths; lengths (300 is 0xAC 0x02); offsets 0+1, 0, 1000+1.
    expect([...directory]).toEqual([3, 5, 2, 2, 1, 1, 2, 0xac, 0x02, 10, 10, 1, 0, 0xe9, 0x07]);
  });
});
