import type { Media } from '../../contract/media';
import * as media from '../api/media';
import { dataOf, dataOr } from './results';

/** The shop's and the placement page's calls, with SPEC section 8's handling of their failures. */
export const mediaCalls = {
  /** A page of hits; a failed search is logged and answers nothing (the page says so in its own words). */
  searchMedia: async (params: media.MediaSearchParams): Promise<media.MediaSearchPage | undefined> => {
    try {
      return dataOf(await media.searchMedia(params), 'Error searching media');
    } catch (error) {
      console.error('Error searching media:', error);
      return undefined;
    }
  },
  /**
   * A placement; null when the API has none by that code (404, or 400: a code it cannot read), any
   * other failure "Error fetching media" with the API's reason as its cause.
   */
  fetchMedia: async (mediacode: string): Promise<Media | null> => {
    const result = await media.fetchMedia(mediacode);
    if (!result.ok && (result.status === 404 || result.status === 400)) return null;
    return dataOr(result, 'Error fetching media');
  },
};
