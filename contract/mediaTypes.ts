/**
 * Media types, partners and lifestyles as plain constants and types, free of zod so the storefront
 * can import them without pulling a validator into its first bundle. Schemas are in media.ts.
 */

/** The `media_type` values of a media record (SPEC section 3). */
export const MEDIA_TYPES = [
  'printmag',
  'tv',
  'ctv',
  'dooh',
  'digital',
  'eddm',
  'abdm',
  'email',
  'custom',
] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/**
 * The channels of SPEC section 3: the media types with `digital` split by partner into google and gt.
 * Cards, icons and colours are keyed by them (src/lib/channels.ts), and so is content (spec sheets).
 */
export const CHANNELS = [
  'printmag',
  'tv',
  'ctv',
  'dooh',
  'google',
  'gt',
  'eddm',
  'abdm',
  'email',
  'custom',
] as const;
export type Channel = (typeof CHANNELS)[number];

/** Partners of the `digital` media type; they decide its channel key (google or gt). */
export const DIGITAL_PARTNERS = ['google', 'groundtruth'] as const;
export type DigitalPartner = (typeof DIGITAL_PARTNERS)[number];

/** A media record's channel: its media type, except `digital`, which splits by partner; null if unknown. */
export function channelOf(mediaType: string | null | undefined, partner?: string | null): Channel | null {
  if (mediaType === 'digital') {
    if (partner === 'google') return 'google';
    if (partner === 'groundtruth') return 'gt';
    return null;
  }
  return (CHANNELS as readonly string[]).includes(mediaType ?? '') ? (mediaType as Channel) : null;
}

/** Lifestyle audiences a placement reaches; `all` means no filter. */
export const LIFESTYLES = [
  { value: 'all', label: 'Everything' },
  { value: 'home-garden', label: 'Home & Garden' },
  { value: 'food-dining', label: 'Food & Dining' },
  { value: 'business-finance', label: 'Business & Finance' },
  { value: 'health-fitness', label: 'Health & Fitness' },
  { value: 'luxury-travel', label: 'Luxury & Travel' },
  { value: 'family-parenting', label: 'Family & Parenting' },
  { value: 'sports-outdoors', label: 'Sports & Outdoors' },
  { value: 'arts-culture', label: 'Arts & Culture' },
] as const;
export type LifestyleValue = (typeof LIFESTYLES)[number]['value'];
export const LIFESTYLE_VALUES = LIFESTYLES.map((l) => l.value) as [LifestyleValue, ...LifestyleValue[]];
