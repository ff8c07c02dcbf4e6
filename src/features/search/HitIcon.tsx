import { Building2, Hash, Map as MapIcon, MapPin, RadioTower } from 'lucide-react';
import type { PlaceKind, SearchRecord } from '../../../contract/search';
import { channelKey } from '../../lib/channels';
import { ChannelIcon } from '../../ui/ChannelIcon';

const PLACE_ICONS: Record<PlaceKind, typeof MapPin> = {
  city: Building2,
  zip: Hash,
  market: RadioTower,
  state: MapIcon,
};

/** A hit's icon by type (SPEC section 2): a place by its kind, a placement by its channel. */
export function HitIcon({ hit, className = 'size-5' }: { hit: SearchRecord; className?: string }) {
  if (hit.type === 'location') {
    const Icon = hit.place_kind ? PLACE_ICONS[hit.place_kind] : MapPin;
    return <Icon aria-hidden="true" className={className} />;
  }
  return <ChannelIcon channel={channelKey(hit.type, hit.partner)} className={className} />;
}
