import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Dependencies that age well (issue 29): the maintained fork of pdf-lib, the polygon clipper Turf
 * moved to, and mapbox-gl (Mapbox's own terms, 65 MB) installed only by those who want it.
 */

const manifest = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'),
) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
const required = { ...manifest.dependencies, ...manifest.devDependencies };

describe('package.json', () => {
  it('reads and draws PDFs with @cantoo/pdf-lib, not pdf-lib 1.17', () => {
    expect(manifest.dependencies).toHaveProperty('@cantoo/pdf-lib');
    expect(required).not.toHaveProperty('pdf-lib');
  });

  it('clips polygons with polyclip-ts, not polygon-clipping', () => {
    expect(manifest.dependencies).toHaveProperty('polyclip-ts');
    expect(required).not.toHaveProperty('polygon-clipping');
  });

  it('has mapbox-gl as an optional dependency only', () => {
    expect(manifest.optionalDependencies).toHaveProperty('mapbox-gl');
    expect(required).not.toHaveProperty('mapbox-gl');
  });
});
