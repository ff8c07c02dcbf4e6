import {
  AtSign,
  BookOpenText,
  Globe,
  LocateFixed,
  type LucideIcon,
  Mailbox,
  Megaphone,
  Palette,
  Presentation,
  Tv,
  TvMinimalPlay,
  UsersRound,
} from 'lucide-react';
import type { ChannelKey } from '../lib/channels';

const ICONS: Record<ChannelKey, LucideIcon> = {
  printmag: BookOpenText,
  tv: Tv,
  ctv: TvMinimalPlay,
  dooh: Presentation,
  google: Globe,
  gt: LocateFixed,
  eddm: Mailbox,
  abdm: UsersRound,
  email: AtSign,
  custom: Palette,
  default: Megaphone,
};

/** The icon of a channel (SPEC section 3: each media type has an icon). Decorative: pair it with text. */
export function ChannelIcon({ channel, className = 'size-5' }: { channel: ChannelKey; className?: string }) {
  const Icon = ICONS[channel];
  return <Icon aria-hidden="true" className={className} />;
}
