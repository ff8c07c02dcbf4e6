import { Hono } from 'hono';
import { type LoggedEvent, logEventBody } from '../../contract/platform';
import { insertLogEvent } from '../data/platform';
import type { AppEnv } from '../env';
import { optionalUser } from '../http/auth';
import { limitBody } from '../http/bodyLimits';
import { clientAddress } from '../http/clientAddress';
import { ok } from '../http/envelope';
import { throttled } from '../http/throttle';
import { assertStorableText } from '../http/validate';
import { inputBody } from '../http/validators';
import { eventProperties } from '../platform/eventProperties';
import { MINUTE_MS } from '../time';

/** Event log limits: a body of at most 8 KB, and 120 events a minute from one browser. */
const LOG_EVENT_MAX_BYTES = 8 * 1024;
const LOG_EVENTS_PER_MINUTE = 120;
/** One address (an office behind one router) may hold many browsers, but not endless ones. */
const LOG_EVENTS_PER_ADDRESS = 1_200;

/** SPEC: POST /log/event (form-encoded or JSON; the bearer is optional). */
export const logRoutes = new Hono<AppEnv>().post(
  '/event',
  limitBody(LOG_EVENT_MAX_BYTES, 'That event is too large: an event is at most 8 KB.'),
  inputBody(logEventBody),
  async (c) => {
    const body = c.req.valid('form');
    const properties = eventProperties(body.properties);
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
    const answer: LoggedEvent = { id };
    return ok(c, answer);
  },
);
