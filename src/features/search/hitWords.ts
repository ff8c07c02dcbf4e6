import type { SearchRecord } from '../../../contract/search';
import { channelKey, channelLabel } from '../../lib/channels';

const PLACE_WORDS = { city: 'City', zip: 'Zip code', market: 'Market', state: 'State' } as const;

/** What kind of hit this is, in words: "City", "Zip code", "Magazine", "TV"... */
export function hitKind(hit: SearchRecord): string {
  if (hit.type === 'location') return hit.place_kind ? PLACE_WORDS[hit.place_kind] : 'Place';
  return channelLabel(channelKey(hit.type, hit.partner));
}
