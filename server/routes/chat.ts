import { Hono } from 'hono';
import { type ChatMessage, chatMessageBody } from '../../contract/platform';
import { insertChatMessage } from '../data/chat';
import type { AppEnv } from '../env';
import { limitBody } from '../http/bodyLimits';
import { clientKey } from '../http/clientAddress';
import { ok } from '../http/envelope';
import { overLimit, throttled } from '../http/throttle';
import { assertStorableText } from '../http/validate';
import { formBody } from '../http/validators';
import { MINUTE_MS } from '../time';

/** Chat limits: a message body of at most 16 KB, and 20 messages in 10 minutes from one browser. */
const CHAT_MAX_BYTES = 16 * 1024;
const CHAT_MESSAGES_PER_WINDOW = 20;
const CHAT_WINDOW_MS = 10 * MINUTE_MS;

/** POST /chat/messages: a visitor's message from the self-hosted chat widget. */
export const chatRoutes = new Hono<AppEnv>().post(
  '/messages',
  limitBody(CHAT_MAX_BYTES, 'That message is too large. Keep a message under 2,000 characters.'),
  formBody(chatMessageBody),
  async (c) => {
    const body = c.req.valid('form');
    assertStorableText(body);
    // The browser id is the client's own choice: a client making up a new one for each message
    // meets the limit of its address (none in-process, like the other per-address limits).
    const address = clientKey(c);
    const refused =
      (await throttled(
        c,
        `chat:${body.browser_id}`,
        CHAT_MESSAGES_PER_WINDOW,
        CHAT_WINDOW_MS,
        'You have sent many messages in a short time.',
      )) ??
      (address === null
        ? null
        : await overLimit(
            c,
            `chat-address:${address}`,
            c.var.config.limits.chatPerAddress,
            'Many messages came from your network in a short time.',
          ));
    if (refused) return refused;
    const { message, pruned } = await insertChatMessage(
      c.var.db,
      { browserId: body.browser_id, visitor: body.visitor, text: body.text, path: body.path ?? null },
      c.var.clock(),
    );
    // The team should know the inbox is full: what went is counted, never quoted.
    if (pruned.ownMessages > 0 || pruned.conversations > 0)
      c.var.log.warn(pruned, 'old visitor chat messages were dropped to keep the inbox within its ceilings');
    const answer: ChatMessage = message;
    return ok(c, answer, {}, 'Thanks, we got your message.');
  },
);
