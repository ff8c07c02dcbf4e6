import type { MediaType } from '../../contract/mediaTypes';

/** Words a buyer types for each channel, beside the placement's own name and market. */
const TYPE_WORDS: Record<MediaType, string> = {
  printmag: 'magazine print',
  tv: 'tv television linear',
  ctv: 'ctv streaming connected tv',
  dooh: 'out of home dooh screens billboard',
  digital: 'online digital',
  eddm: 'direct mail every door eddm',
  abdm: 'direct mail audience abdm',
  email: 'email e-mail blast',
  custom: 'custom design',
};

/**
 * The shop's text filter reads this column: the name, the market's name ("national" without one), the
 * channel's words and the partner, lower-cased. The seed and every back-office save write it alike.
 */
export function searchTextOf(placement: {
  name: string;
  mediaType: MediaType;
  partner: string | null;
  marketName: string | null;
}): string {
  return [
    placement.name,
    placement.marketName ?? 'national',
    TYPE_WORDS[placement.mediaType],
    placement.partner,
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}
