import type { Context } from 'hono';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { type OutboxMessage, outboxQuery } from '../../contract/auth';
import { type ChatMessage, chatInboxQuery } from '../../contract/platform';
import { readOutbox } from '../data/outbox';
import { readChatMessages } from '../data/platform';
import type { AppEnv } from '../env';
import { clientAddress } from '../http/clientAddress';
import { fail, ok } from '../http/envelope';
import { query } from '../http/validators';

/**
 * Whether a request comes from the machine the server runs on. Requests handed to the app in-process
 * (tests, the dev server's own calls) have no socket and count as local.
 */
function fromThisMachine(c: Context<AppEnv>): boolean {
  const address = clientAddress(c);
  if (address === null) return true;
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

/** Whether the development tools (outbox, chat inbox) may be shown to this request (`EXPOSE_OUTBOX`). */
function devToolsVisible(c: Context<AppEnv>): boolean {
  const exposure = c.var.config.exposeOutbox;
  return exposure === 'everyone' || (exposure === 'loopback' && fromThisMachine(c));
}

/** A tool answers 404 where it is not shown, before anything about the request is judged. */
const shownOnlyWhereAllowed = (tool: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!devToolsVisible(c))
      return fail(
        c,
        404,
        `The ${tool} is not available here. Read it on the server machine, or set EXPOSE_OUTBOX=true.`,
      );
    await next();
  });

/**
 * Development tools. The outbox shows the e-mails the API "sent" (resets, invitations, sign-in
 * links), newest first; the chat inbox the messages visitors wrote in the self-hosted chat widget.
 * Both are off when NODE_ENV=production unless EXPOSE_OUTBOX says otherwise.
 */
export const devRoutes = new Hono<AppEnv>()
  .get('/outbox', shownOnlyWhereAllowed('outbox'), query(outboxQuery), async (c) => {
    const { to, limit } = c.req.valid('query');
    const rows = await readOutbox(c.var.db, to, limit);
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
  .get('/chat', shownOnlyWhereAllowed('chat inbox'), query(chatInboxQuery), async (c) => {
    const { browser_id, limit } = c.req.valid('query');
    const messages: ChatMessage[] = await readChatMessages(c.var.db, browser_id, limit);
    return ok(c, messages);
  });
