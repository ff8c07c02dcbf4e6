import type { ContentMediaType } from '../../../contract/content';
import type { ChannelKey } from '../../lib/channels';

/**
 * The headings of /specs. They name what a buyer shops for, a little longer than the card labels of
 * SPEC section 3 ("Every Door Direct Mail" rather than "Direct Mail", "Ad design" rather than "Custom").
 */
export const SPEC_GROUP_LABELS: Readonly<Record<ContentMediaType, string>> = {
  printmag: 'Magazines',
  tv: 'Linear TV',
  ctv: 'CTV',
  dooh: 'Digital Out of Home',
  google: 'Online',
  gt: 'Online',
  eddm: 'Every Door Direct Mail',
  abdm: 'Audience-based Direct Mail',
  email: 'Email',
  custom: 'Ad design',
};

export interface SpecGroup<T> {
  /** Its heading ("Online" for both google and gt). */
  label: string;
  /** The first sheet's channel: its icon and accent colour. */
  channel: ChannelKey;
  sheets: T[];
}

/**
 * Groups sheets (already in /specs order) under their media type label. Google and GroundTruth
 * share the label "Online", so they share a group rather than showing two "Online" headings.
 */
export function groupByMediaLabel<T extends { mediaType: ContentMediaType }>(
  sheets: readonly T[],
): SpecGroup<T>[] {
  const groups = new Map<string, SpecGroup<T>>();
  for (const sheet of sheets) {
    const label = SPEC_GROUP_LABELS[sheet.mediaType];
    const group = groups.get(label) ?? { label, channel: sheet.mediaType, sheets: [] };
    group.sheets.push(sheet);
    groups.set(label, group);
  }
  return [...groups.values()];
}
