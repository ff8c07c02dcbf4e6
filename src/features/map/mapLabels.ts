import type { MapContext } from '../../../contract/directMail';
import type { MapMarker, MarkerMaker } from './mapEngine.types';

/**
 * Labels of the offline map, drawn as HTML over it rather than as map text: map text needs glyph
 * files made from a font for every range of characters, which the offline map has none of, whereas
 * the page's own fonts are already loaded. They duplicate what the page says in words (the zip code
 * and its place are in the picker and the route list), so screen readers skip them.
 */
function label(text: string, className: string): HTMLElement {
  const element = document.createElement('span');
  element.textContent = text;
  element.setAttribute('aria-hidden', 'true');
  element.className = `pointer-events-none select-none whitespace-nowrap ${className}`;
  return element;
}

// A halo of the land's colour (cream) keeps the text readable over lines and fills.
const HALO = '[text-shadow:0_0_2px_#fff8ec,0_0_2px_#fff8ec,0_0_3px_#fff8ec]';

export const zipLabel = (zip: string, own: boolean) =>
  label(
    zip,
    own
      ? `text-xs font-extrabold text-primary-800 ${HALO}`
      : `text-[0.6875rem] font-bold text-primary-600 ${HALO}`,
  );

export const placeLabel = (name: string) =>
  label(name, `text-sm font-extrabold tracking-widest text-ink-soft uppercase ${HALO}`);

/** The business's pin: a drop of the accent colour with its name under it, the tip on the point. */
export function pinElement(text: string): HTMLElement {
  const element = document.createElement('div');
  element.setAttribute('aria-hidden', 'true');
  element.className = 'pointer-events-none flex flex-col items-center';
  element.dataset.mapPin = text;
  const name = document.createElement('span');
  name.textContent = text;
  name.className =
    'mb-1 max-w-48 truncate rounded-md bg-ink px-2 py-0.5 text-xs font-semibold text-white shadow';
  const drop = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  drop.setAttribute('viewBox', '0 0 24 32');
  drop.setAttribute('width', '24');
  drop.setAttribute('height', '32');
  drop.innerHTML =
    '<path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" fill="#ffa51f" stroke="#1c1630" stroke-width="1.5"/><circle cx="12" cy="12" r="4.5" fill="#1c1630"/>';
  element.append(name, drop);
  return element;
}

/**
 * Markers of a zip code's context: every zip code's label, and when the basemap has no labels of its
 * own, the other places' (the zip code's own place is the map's caption: always in view).
 */
export function contextMarkers(context: MapContext, withPlaces: boolean, marker: MarkerMaker): MapMarker[] {
  const zips = context.zips.map((zip) =>
    marker(zipLabel(zip.zip, zip.zip === context.zip), [zip.center.lng, zip.center.lat], 'center'),
  );
  // Above its point, so it does not cover the zip code's label that is often there.
  const places = withPlaces
    ? context.places
        .slice(1)
        .map((place) => marker(placeLabel(place.name), [place.center.lng, place.center.lat], 'bottom'))
    : [];
  return [...places, ...zips];
}
