/**
 * The plain values of the content pages that both the SPA and the server use. Kept apart from
 * content.ts and its zod schemas, so the SPA's content pages do not download a validation library.
 */

/** The every-door mail planner: where the every-door spec sheet sends a buyer. */
export const EDDM_PLANNER_PATH = '/ads/direct-mail/?m=eddm';

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

/** The first sentence of a text: the design page's description is its introduction's first sentence. */
export const firstSentence = (text: string) => text.match(/^.*?[.!?](?=\s|$)/)?.[0] ?? text;
