import { z } from 'zod';
import { BROWSER_ID } from './browserId';

export { BROWSER_ID };

/**
 * The app-wide services of SPEC sections 4, 7 and 9 on the wire: the event log, the chat widget's
 * messages, signed-in home data, market preferences and the onboarding survey. SPEC names the
 * calls; their answers are ours (ARCHITECTURE.md).
 */

/** POST /log/event, form-encoded (SPEC section 7): the event, the browser, and a few properties. */
export const logEventBody = z.object({
  event: z
    .string({ error: 'Name the event.' })
    .regex(/^[a-z][a-z0-9_.:-]{0,63}$/, 'An event name is lower-case letters, digits and _.:- (at most 64).'),
  browser_id: z
    .string({ error: 'A browser id is needed.' })
    .regex(BROWSER_ID, 'The browser id is not valid.'),
  /** The page it happened on (a path of this site). */
  path: z.string().max(512).regex(/^\//, 'A path starts with /.').optional(),
  /** Event properties as a JSON object of strings and numbers, at most 2 KB. */
  properties: z.string().max(2048, 'Properties are at most 2 KB.').optional(),
});
/** The answer's data: the stored event's id. */
export const loggedEvent = z.object({ id: z.number().int() });
export type LoggedEvent = z.infer<typeof loggedEvent>;

/** The visitor the chat widget is booted with (SPEC section 7). */
export const chatVisitor = z.object({
  email: z.string().max(254).optional(),
  user_id: z.string().max(64).optional(),
  name: z.string().max(200).optional(),
  phone: z.string().max(40).optional(),
  company: z.string().max(200).optional(),
  plan: z.string().max(64).optional(),
  /** Custom attributes: a flat object of strings, numbers and booleans. */
  custom_attributes: z
    .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean()]))
    .optional(),
});
export type ChatVisitor = z.infer<typeof chatVisitor>;

/** POST /chat/messages (the self-hosted widget): a message from the visitor. */
export const chatMessageBody = z.object({
  browser_id: z.string().regex(BROWSER_ID, 'The browser id is not valid.'),
  visitor: chatVisitor.default({}),
  text: z.string().trim().min(1, 'Write a message.').max(2000, 'Keep a message under 2,000 characters.'),
  /** The page the visitor wrote from. */
  path: z.string().max(512).optional(),
});
export const chatMessage = z.object({
  id: z.number().int(),
  browser_id: z.string(),
  visitor: chatVisitor,
  text: z.string(),
  path: z.string().nullable(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** GET /dev/chat (development): the messages visitors wrote, newest first, of one browser or all. */
export const chatInboxQuery = z.object({
  browser_id: z.string().regex(BROWSER_ID, 'The browser id is not valid.').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** GET /ui/home/known (bearer): the home page of a customer we know. */
export const homeKnown = z.object({
  firstname: z.string(),
  /** Placements they looked at lately, newest first (from their `view_item` events), at most 6. */
  recent_views: z.array(
    z.object({
      mediacode: z.string(),
      name: z.string(),
      media_type: z.string(),
      market: z.string(),
      viewed_at: z.string(),
    }),
  ),
  /** Their markets (see /market/preferences), at most 3. */
  markets: z.array(z.object({ prodcode: z.string(), name: z.string(), zip: z.string() })),
});
export type HomeKnown = z.infer<typeof homeKnown>;

/**
 * GET /market/preferences/{uuid} (bearer, one's own uuid): the markets a customer buys or looks in,
 * most used first, each with a zip code to shop it by (the market's largest place).
 */
export const marketPreferences = z.object({
  markets: z.array(
    z.object({
      prodcode: z.string(),
      name: z.string(),
      state: z.string(),
      zip: z.string(),
      label: z.string(),
    }),
  ),
});
export type MarketPreferences = z.infer<typeof marketPreferences>;

/** GET /surveymonkey/details (bearer): the onboarding survey and whether this customer answered it. */
export const surveyQuestion = z.object({
  id: z.string(),
  text: z.string(),
  kind: z.enum(['single', 'multiple', 'text']),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
});
export const surveyDetails = z.object({
  survey_id: z.string(),
  title: z.string(),
  questions: z.array(surveyQuestion),
  /** Answered or declined: the survey is offered once. */
  done: z.boolean(),
  /** Offered only to new customers: accounts younger than this many days. */
  offer_days: z.number().int().positive(),
  account_age_days: z.number().int().nonnegative(),
});
export type SurveyDetails = z.infer<typeof surveyDetails>;

/** POST /surveymonkey/save (bearer, JSON): the answers, or `declined: true`. */
export const surveySaveBody = z.object({
  survey_id: z.string().max(64),
  declined: z.boolean().default(false),
  answers: z
    .record(z.string().max(64), z.union([z.string().max(1000), z.array(z.string().max(200)).max(20)]))
    .default({}),
});
export type SurveySaveBody = z.input<typeof surveySaveBody>;

/** The answer of POST /surveymonkey/save: what was stored (answers checked against the questions). */
export const surveySaved = z.object({
  survey_id: z.string(),
  declined: z.boolean(),
  answers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  created_at: z.string(),
});
export type SurveySaved = z.infer<typeof surveySaved>;
