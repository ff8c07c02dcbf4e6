import { z } from 'zod';
import { mediacode } from './media';
import { CHANNELS } from './mediaTypes';
import { EDDM_PLANNER_PATH, SECTION_OF_TYPE } from './shopPaths';

/**
 * The content pages (issue 8): spec sheets under /specs, the articles of the resource hub under
 * /info/resources and the design-help offer. The data lives in `server/content/`.
 */

/**
 * The channels content talks about: the media types, with `digital` split into its two channels
 * (google, gt) the way the storefront's channel keys split it (SPEC section 3).
 */
export const CONTENT_MEDIA_TYPES = CHANNELS;
export const contentMediaType = z.enum(CONTENT_MEDIA_TYPES, {
  error: (issue) =>
    `Unknown media type "${String(issue.input)}". Use one of: ${CONTENT_MEDIA_TYPES.join(', ')}.`,
});
export type ContentMediaType = z.infer<typeof contentMediaType>;

export const contentSlug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A slug is lower-case words joined by dashes, like local-playbooks.');

/** A calendar day written YYYY-MM-DD. */
export const contentDay = z.iso.date('A date is written YYYY-MM-DD.');

const text = z.string().trim().min(1);

/** One sentence: ends with a full stop (or ? or !), with no other sentence starting inside it. */
const sentence = text.refine((value) => /[.!?]$/.test(value) && !/[.!?]\s+[A-Z]/.test(value), {
  message: 'A summary is one sentence ending with a full stop.',
});

/** Where a spec sheet sends the reader to buy: a shop section or the every-door mail planner. */
export const SHOP_SECTION_PATHS = [...new Set(Object.values(SECTION_OF_TYPE))].map((s) => `/shop/${s}`);

export const isShopPath = (path: string): boolean =>
  SHOP_SECTION_PATHS.includes(path) || path === EDDM_PLANNER_PATH;

export const specSheet = z.object({
  slug: contentSlug,
  title: text,
  mediaType: contentMediaType,
  summary: sentence,
  /** Plain-text paragraphs separated by blank lines; a line starting with "- " is a bullet. */
  sections: z.array(z.object({ heading: text, body: text })).min(1),
  /** Dimensions, file formats, colour, bleed, resolution, file size, copy limits... */
  specs: z.array(z.object({ label: text, value: text })).min(1),
  /** Each rule is relative to the issue, flight or drop date, e.g. "21 days before the issue date". */
  deadlines: z.array(z.object({ label: text, rule: text })).min(1),
  shopPath: z.string().refine(isShopPath, {
    message: `A shop path is /shop/{section} or ${EDDM_PLANNER_PATH}.`,
  }),
  updatedAt: contentDay,
});
export type SpecSheet = z.infer<typeof specSheet>;

export const articleCategory = z.object({
  slug: contentSlug,
  name: text,
  description: sentence,
});
export type ArticleCategory = z.infer<typeof articleCategory>;

export const articleSection = z.object({
  heading: text.optional(),
  paragraphs: z.array(text).min(1),
});
export type ArticleSection = z.infer<typeof articleSection>;

export const article = z.object({
  slug: contentSlug,
  title: text,
  /** The slug of its category. */
  category: contentSlug,
  summary: sentence,
  /** At 200 words a minute, rounded. */
  readingMinutes: z.number().int().min(1),
  publishedAt: contentDay,
  body: z.array(articleSection).min(1),
  relatedMediaTypes: z.array(contentMediaType),
});
export type Article = z.infer<typeof article>;

export const designPackage = z.object({
  /** The catalogue's `custom` placement sold as this package: its name and price come from there. */
  mediacode,
  includes: z.array(text).min(1),
  turnaroundBusinessDays: z.number().int().positive(),
});
export type DesignPackage = z.infer<typeof designPackage>;

/** The design-help offer at /info/ad-design-on-{product}/. */
export const designHelp = z.object({
  title: text,
  /** The page's description for search engines and link previews. */
  summary: sentence,
  intro: text,
  packages: z.array(designPackage).min(1),
  steps: z.array(z.object({ title: text, body: text })).min(1),
  faq: z
    .array(z.object({ question: text, answer: text }))
    .min(4)
    .max(6),
});
export type DesignHelp = z.infer<typeof designHelp>;
