import type { Map as GlMap } from 'maplibre-gl';
import type { Bbox } from '../../../contract/directMail';

export type { GlMap };

/** A map renderer: MapLibre with the offline basemap, or Mapbox GL with a Mapbox style. */
export interface MapEngine {
  name: 'maplibre' | 'mapbox';
  /** A map in `container` showing `bounds`; throws when the browser cannot render maps (no WebGL). */
  create(container: HTMLElement, bounds: Bbox): GlMap;
  /** Starts the renderer's web workers now rather than with the first map (its data still loading). */
  prewarm(): void;
}
