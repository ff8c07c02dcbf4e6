import { Hono } from 'hono';
import { z } from 'zod';
import type { OutboxMessage } from '../../contract/auth';
import type { AppEnv } from '../app';
import { readOutbox } from '../data/accounts';
import { fail, ok } from '../http/envelope';
import { parseOrThrow } from '../http/validate';

const outboxQuery = z.object({
  to: z.string().trim().toLowerCase().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * Development tools. The outbox shows the e-mails the API "sent" (resets, invitations, sign-in
 * links), newest first; it is off when NODE_ENV=production unless EXPOSE_OUTBOX says otherwise.
 */
export const devRoutes = new Hono<AppEnv>().get('/outbox', async (c) => {
  if (!c.var.config.exposeOutbox) return fail(c, 404, 'The outbox is not available on this server.');
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
});
