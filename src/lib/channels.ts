import { CHANNELS, channelOf, type MediaType } from '../../contract/mediaTypes';

/** A media record's channel: its media type, except `digital`, which splits by partner (SPEC section 3). */
export const CHANNEL_KEYS = [...CHANNELS, 'default'] as const;
export type ChannelKey = (typeof CHANNEL_KEYS)[number];

/** digital + google gives google; digital + groundtruth gives gt; a known media type gives itself; else default. */
export const channelKey = (mediaType: string | null | undefined, partner?: string | null): ChannelKey =>
  channelOf(mediaType, partner) ?? 'default';

export const CHANNEL_LABELS: Readonly<Record<ChannelKey, string>> = {
  printmag: 'Magazine',
  tv: 'TV',
  ctv: 'CTV',
  dooh: 'Digital Out of Home',
  google: 'Online',
  gt: 'Online',
  eddm: 'Direct Mail',
  abdm: 'Audience-based Direct Mail',
  email: 'Email',
  custom: 'Custom',
  default: '',
};

export const channelLabel = (key: ChannelKey): string => CHANNEL_LABELS[key];

/** The label of a media record, by its type and partner. */
export const mediaLabel = (mediaType: MediaType | string, partner?: string | null) =>
  channelLabel(channelKey(mediaType, partner));

/**
 * Accent colour and banner image of each channel, and the class that gives an element the colour
 * (`look-text`, `look-bg` and `look-overlay` in styles.css use it, which must list the same colours).
 */
export interface ChannelLook {
  accent: string;
  className: string;
  banner: string;
}

const look = (accent: string, key: ChannelKey): ChannelLook => ({
  accent,
  className: `look-${key}`,
  banner: `/images/banners/${key}.svg`,
});

export const CHANNEL_LOOKS: Readonly<Record<ChannelKey, ChannelLook>> = {
  printmag: look('#d9466f', 'printmag'),
  tv: look('#6330d6', 'tv'),
  ctv: look('#8b3fd9', 'ctv'),
  dooh: look('#e58a00', 'dooh'),
  google: look('#2f6fdd', 'google'),
  gt: look('#0f9488', 'gt'),
  eddm: look('#e0553a', 'eddm'),
  abdm: look('#1d8f6c', 'abdm'),
  email: look('#0b84c6', 'email'),
  custom: look('#b83fc9', 'custom'),
  default: look('#6d6784', 'default'),
};
