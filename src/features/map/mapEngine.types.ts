import type { Map as GlMap } from 'maplibre-gl';
import type { Bbox } from '../../../contract/directMail';

export type { GlMap };

/** An HTML element pinned to a point of the map (a label, the business's pin). */
export interface MapMarker {
  setLngLat(lngLat: [number, number]): MapMarker;
  remove(): MapMarker;
}

/** Puts `element` on the map at `lngLat`, by its centre or by its bottom (a pin's tip). */
export type MarkerMaker = (
  element: HTMLElement,
  lngLat: [number, number],
  anchor: 'center' | 'bottom',
) => MapMarker;

/**
 * A map renderer: MapLibre with the offline basemap or a configured style (PMTiles too), or Mapbox GL
 * with a Mapbox style.
 */
export interface MapEngine {
  name: 'maplibre' | 'mapbox';
  /**
   * What the map is drawn over: `offline` (states and water only: the app labels places itself),
   * or the style's address (`pmtiles` for the Protomaps archive shortcut, `mapbox` for Mapbox's).
   */
  basemap: string;
  /** A map in `container` showing `bounds`; throws when the browser cannot render maps (no WebGL). */
  create(container: HTMLElement, bounds: Bbox): Promise<GlMap>;
  /** A marker on `map`. */
  marker(map: GlMap): MarkerMaker;
  /** Starts the renderer's web workers now rather than with the first map (its data still loading). */
  prewarm(): void;
}
