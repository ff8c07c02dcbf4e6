import { fetchZipEarly } from '../../system/eddmEarly';
import { preloadMap } from '../map/preloadMap';

/**
 * A deep link to a zip code's map (`?m=eddm&zip=`): its answers, the map's code and the labels around
 * it are all asked for at once, as the page opens, rather than each after the app has started.
 */
export function openZipEarly(zip: string): void {
  fetchZipEarly(zip);
  preloadMap(zip);
}
