import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import {
  type ChatMessage,
  chatMessageBody,
  type HomeKnown,
  logEventBody,
  type loggedEvent,
  type MarketPreferences,
  type SurveyDetails,
  type SurveySaved,
  surveySaveBody,
} from '../../contract/platform';
import type { AppEnv } from '../app';
import { takeAction } from '../data/accounts';
import {
  insertChatMessage,
  insertLogEvent,
  preferredMarkets,
  recentViews,
  type SurveyRow,
  saveSurveyAnswer,
  surveyAnswerOf,
} from '../data/platform';
import type { EventProperties } from '../db/schema';
import { optionalUser, requireUser, signedInUser } from '../http/auth';
import { InvalidFields, parseForm, readBody } from '../http/body';
import { clientAddress } from '../http/clientAddress';
import { fail, ok } from '../http/envelope';
import { assertStorableText, BadInput, parseOrThrow } from '../http/validate';
import { checkAnswers, OFFER_DAYS, SURVEY_ID, SURVEY_QUESTIONS, SURVEY_TITLE } from '../platform/survey';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Event log limits: a body of at most 8 KB, and 120 events a minute from one browser. */
export const LOG_EVENT_MAX_BYTES = 8 * 1024;
export const LOG_EVENTS_PER_MINUTE = 120;
/** One address (an office behind one router) may hold many browsers, but not endless ones. */
export const LOG_EVENTS_PER_ADDRESS = 1_200;
/** Chat limits: a message body of at most 16 KB, and 20 messages in 10 minutes from one browser. */
export const CHAT_MAX_BYTES = 16 * 1024;
export const CHAT_MESSAGES_PER_WINDOW = 20;
export const CHAT_MESSAGES_PER_ADDRESS = 100;
export const CHAT_WINDOW_MS = 10 * MINUTE_MS;
/** At most this many recently viewed placements and preferred markets. */
const RECENT_VIEWS = 6;
const PREFERRED_MARKETS = 3;

const limit = (maxSize: number, message: string) =>
  bodyLimit({ maxSize, onError: (c) => fail(c, 413, message) });

/** Answers 429 with `Retry-After` when the key has had its share of the window, or null. */
async function throttled(c: Context<AppEnv>, key: string, max: number, windowMs: number, what: string) {
  const slot = await takeAction(c.var.db, key, max, windowMs, c.var.clock());
  if (slot.allowed) return null;
  const seconds = Math.ceil(slot.retryAfterMs / 1000);
  c.header('Retry-After', String(seconds));
  return fail(c, 429, `${what} Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);
}

const NOT_AN_OBJECT = 'properties: Properties must be a JSON object, like {"mediacode":"PM501-01"}.';

/** Event properties: a flat JSON object of strings, finite numbers and booleans (else 400). */
function parseProperties(raw: string | undefined): EventProperties {
  if (raw === undefined || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new BadInput(NOT_AN_OBJECT);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BadInput(NOT_AN_OBJECT);
  const properties: EventProperties = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (name.length > 64) throw new BadInput('properties: A property name is at most 64 characters.');
    const flat =
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value));
    if (!flat) {
      throw new BadInput(
        `properties: Property values are strings, numbers or true/false (no lists, objects or null); "${name.slice(0, 64)}" is not.`,
      );
    }
    Object.defineProperty(properties, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return properties;
}

/** SPEC: POST /log/event (form-encoded or JSON; the bearer is optional). */
export const logRoutes = new Hono<AppEnv>().post(
  '/event',
  limit(LOG_EVENT_MAX_BYTES, 'That event is too large: an event is at most 8 KB.'),
  async (c) => {
    const body = parseOrThrow(logEventBody, await readBody(c));
    const properties = parseProperties(body.properties);
    assertStorableText([body.event, body.path, properties]);
    // Per browser, and per address: a client making up a new browser id each time meets the second.
    const refused =
      (await throttled(
        c,
        `log:${body.browser_id}`,
        LOG_EVENTS_PER_MINUTE,
        MINUTE_MS,
        'This browser sent too many events.',
      )) ??
      (await throttled(
        c,
        `log-ip:${clientAddress(c) ?? 'local'}`,
        LOG_EVENTS_PER_ADDRESS,
        MINUTE_MS,
        'Too many events from your network.',
      ));
    if (refused) return refused;
    // A token that is unknown or expired is no error here: the event is simply anonymous.
    const account = await optionalUser(c);
    const id = await insertLogEvent(
      c.var.db,
      {
        browserId: body.browser_id,
        userId: account?.id ?? null,
        event: body.event,
        path: body.path ?? null,
        properties,
      },
      c.var.clock(),
    );
    const answer: z.infer<typeof loggedEvent> = { id };
    return ok(c, answer);
  },
);

/** POST /chat/messages: a visitor's message from the self-hosted chat widget. */
export const chatRoutes = new Hono<AppEnv>().post(
  '/messages',
  limit(CHAT_MAX_BYTES, 'That message is too large. Keep a message under 2,000 characters.'),
  async (c) => {
    const body = await parseForm(c, chatMessageBody);
    assertStorableText(body);
    const refused =
      (await throttled(
        c,
        `chat:${body.browser_id}`,
        CHAT_MESSAGES_PER_WINDOW,
        CHAT_WINDOW_MS,
        'You have sent many messages in a short time.',
      )) ??
      (await throttled(
        c,
        `chat-ip:${clientAddress(c) ?? 'local'}`,
        CHAT_MESSAGES_PER_ADDRESS,
        CHAT_WINDOW_MS,
        'Many messages came from your network in a short time.',
      ));
    if (refused) return refused;
    const message: ChatMessage = await insertChatMessage(
      c.var.db,
      { browserId: body.browser_id, visitor: body.visitor, text: body.text, path: body.path ?? null },
      c.var.clock(),
    );
    return ok(c, message, {}, 'Thanks, we got your message.');
  },
);

/** GET /ui/home/known (bearer): the home page of a customer we know. */
export const homeRoutes = new Hono<AppEnv>().get('/home/known', requireUser, async (c) => {
  const { account } = signedInUser(c);
  const [views, markets] = await Promise.all([
    recentViews(c.var.db, account.id, RECENT_VIEWS),
    preferredMarkets(c.var.db, account.id, PREFERRED_MARKETS),
  ]);
  const answer: HomeKnown = {
    firstname: account.firstname,
    recent_views: views,
    markets: markets.map(({ prodcode, name, zip }) => ({ prodcode, name, zip })),
  };
  return ok(c, answer);
});

const userUuid = z.uuid('The user id in the address is not valid.');

/** GET /market/preferences/{uuid} (bearer, one's own uuid only). */
export const preferenceRoutes = new Hono<AppEnv>().get('/preferences/:uuid', requireUser, async (c) => {
  const uuid = parseOrThrow(userUuid, c.req.param('uuid')).toLowerCase();
  const { account } = signedInUser(c);
  if (uuid !== account.id.toLowerCase())
    return fail(c, 403, 'You can only read your own market preferences.');
  const answer: MarketPreferences = {
    markets: await preferredMarkets(c.var.db, account.id, PREFERRED_MARKETS),
  };
  return ok(c, answer);
});

const savedView = (row: SurveyRow): SurveySaved => ({
  survey_id: row.surveyId,
  declined: row.declined,
  answers: row.answers,
  created_at: row.createdAt.toISOString(),
});

const alreadyDone = (row: SurveyRow) =>
  row.declined ? 'You already declined this survey.' : 'You already answered this survey. Thank you!';

/** GET /surveymonkey/details and POST /surveymonkey/save (bearer): the onboarding survey, once. */
export const surveyRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/details', async (c) => {
    const { account } = signedInUser(c);
    const row = await surveyAnswerOf(c.var.db, account.id);
    const age = c.var.clock().getTime() - account.createdAt.getTime();
    const answer: SurveyDetails = {
      survey_id: SURVEY_ID,
      title: SURVEY_TITLE,
      questions: [...SURVEY_QUESTIONS],
      done: row !== null,
      offer_days: OFFER_DAYS,
      account_age_days: Math.max(0, Math.floor(age / DAY_MS)),
    };
    return ok(c, answer);
  })
  .post('/save', limit(16 * 1024, 'Those answers are too large.'), async (c) => {
    const body = await parseForm(c, surveySaveBody);
    const { account } = signedInUser(c);
    const existing = await surveyAnswerOf(c.var.db, account.id);
    if (existing) return fail(c, 409, alreadyDone(existing));
    const checked = checkAnswers(body);
    if (!checked.ok) throw new InvalidFields(checked.errors, 'Please check your answers.');
    assertStorableText(checked.answers);
    const row = await saveSurveyAnswer(
      c.var.db,
      { userId: account.id, surveyId: SURVEY_ID, declined: body.declined, answers: checked.answers },
      c.var.clock(),
    );
    if (!row) {
      const stored = await surveyAnswerOf(c.var.db, account.id);
      return fail(c, 409, stored ? alreadyDone(stored) : 'You already answered this survey.');
    }
    return ok(c, savedView(row), {}, body.declined ? 'No problem, we will not ask again.' : 'Thank you!');
  });

// ---- the chat widget script -----------------------------------------------------------------

const WIDGET_SOURCE = readFileSync(new URL('../platform/chatWidget.js', import.meta.url), 'utf8');
const CONFIG_BLOCK = /\/\*CONFIG\*\/[\s\S]*?\/\*END\*\//;

/** The widget script with this server's settings (cookie prefix and product name) written in. */
export function widgetScript(config: { cookiePrefix: string; productName: string }) {
  const settings = { cookie: `${config.cookiePrefix}_browser_id`, product: config.productName };
  const body = WIDGET_SOURCE.replace(CONFIG_BLOCK, () => JSON.stringify(settings));
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
  return { body, etag };
}

/** Top-level /chat: the self-hosted widget script (GET /chat/widget.js), cacheable for 5 minutes. */
export function chatWidgetRoutes(config: { cookiePrefix: string; productName: string }) {
  const script = widgetScript(config);
  return new Hono<AppEnv>().get('/widget.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=300');
    c.header('ETag', script.etag);
    if (c.req.header('If-None-Match') === script.etag) return c.body(null, 304);
    return c.body(script.body, 200);
  });
}
