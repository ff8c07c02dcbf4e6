import type { SpecSheet } from './content';

export { EDDM_PLANNER_PATH } from './shopPaths';

/**
 * The plain values of the content pages that both the SPA and the server use. Kept apart from
 * content.ts and its zod schemas, so the SPA's content pages do not download a validation library.
 */

/**
 * The titles and introductions of the content index pages. The SPA shows them and the server writes
 * them into the page head for crawlers, so the two always say the same.
 */
export const specsPage = (productName: string) => ({
  title: 'Ad specifications',
  intro: `Sizes, file formats, colour, bleed and deadlines for every placement on ${productName}, so your ad is right the first time.`,
});

export const HUB_PAGE = {
  title: 'Resource hub',
  intro:
    'Guides for buying local advertising: choosing a channel, planning a budget, making the ad and measuring what it did.',
} as const;

/** The product name as paths and cookie names carry it: lower case, letters and digits only ("adlane"). */
export const productSlug = (productName: string) => productName.toLowerCase().replace(/[^a-z0-9]/g, '');

/** SPEC section 2's design-help page, /info/ad-design-on-{product}/. */
export const designHelpPath = (productName: string) => `/info/ad-design-on-${productSlug(productName)}/`;

/**
 * The words of a search, lower-cased, each once: a repeated word cannot narrow the match, only make
 * it slower. Blank searches have none.
 */
const searchWords = (search: string) => [...new Set(search.toLowerCase().split(/\s+/).filter(Boolean))];

/**
 * True when every word of `search` (case-insensitive) occurs in the sheet's title, summary,
 * sections, specs or deadlines. The API's `specSheets(search:)` filters with it, and the SPA can
 * filter the same way offline.
 */
export function specSheetMatches(sheet: SpecSheet, search: string): boolean {
  const haystack = [
    sheet.title,
    sheet.summary,
    ...sheet.sections.flatMap((section) => [section.heading, section.body]),
    ...sheet.specs.flatMap((spec) => [spec.label, spec.value]),
    ...sheet.deadlines.flatMap((deadline) => [deadline.label, deadline.rule]),
  ]
    .join('\n')
    .toLowerCase();
  return searchWords(search).every((word) => haystack.includes(word));
}
