import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import type { OutboxMessage } from '../../contract/auth';
import { BROWSER_ID, type ChatMessage } from '../../contract/platform';
import type { AppEnv } from '../app';
import { readOutbox } from '../data/accounts';
import { readChatMessages } from '../data/platform';
import { clientAddress } from '../http/clientAddress';
import { fail, ok } from '../http/envelope';
import { parseOrThrow } from '../http/validate';

/**
 * Whether a request comes from the machine the server runs on. Requests handed to the app in-process
 * (tests, the dev server's own calls) have no socket and count as local.
 */
function fromThisMachine(c: Context<AppEnv>): boolean {
  const address = clientAddress(c);
  if (address === null) return true;
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

const outboxQuery = z.object({
  to: z.string().trim().toLowerCase().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** Whether the development tools (outbox, chat inbox) may be shown to this request (`EXPOSE_OUTBOX`). */
function devToolsVisible(c: Context<AppEnv>): boolean {
  const exposure = c.var.config.exposeOutbox;
  return exposure === 'everyone' || (exposure === 'loopback' && fromThisMachine(c));
}

const chatQuery = z.object({
  browser_id: z.string().regex(BROWSER_ID, 'The browser id is not valid.').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * Development tools. The outbox shows the e-mails the API "sent" (resets, invitations, sign-in
 * links), newest first; the chat inbox the messages visitors wrote in the self-hosted chat widget.
 * Both are off when NODE_ENV=production unless EXPOSE_OUTBOX says otherwise.
 */
export const devRoutes = new Hono<AppEnv>()
  .get('/outbox', async (c) => {
    if (!devToolsVisible(c)) {
      return fail(
        c,
        404,
        'The outbox is not available here. Read it on the server machine, or set EXPOSE_OUTBOX=true.',
      );
    }
    const query = parseOrThrow(outboxQuery, c.req.query());
    const rows = await readOutbox(c.var.db, query.to, query.limit);
    const messages: OutboxMessage[] = rows.map((r) => ({
      id: r.id,
      to: r.toEmail,
      kind: r.kind,
      subject: r.subject,
      body: r.body,
      link: r.link,
      created_at: r.createdAt.toISOString(),
    }));
    return ok(c, messages);
  })
  .get('/chat', async (c) => {
    if (!devToolsVisible(c)) {
      return fail(
        c,
        404,
        'The chat inbox is not available here. Read it on the server machine, or set EXPOSE_OUTBOX=true.',
      );
    }
    const query = parseOrThrow(chatQuery, c.req.query());
    const messages: ChatMessage[] = await readChatMessages(c.var.db, query.browser_id, query.limit);
    return ok(c, messages);
  });
