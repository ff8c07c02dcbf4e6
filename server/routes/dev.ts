import { timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { type EmailSample, type OutboxMessage, outboxQuery } from '../../contract/auth';
import { MODEL_COVERAGE_PATH, modelCoverageSchema } from '../../contract/modelCoverage';
import { type ChatMessage, chatInboxQuery } from '../../contract/platform';
import { readChatMessages } from '../data/chat';
import { attachmentNamesOf, attachmentsOf, outboxRow, readOutbox } from '../data/outbox';
import type { AppEnv } from '../env';
import { fail, ok } from '../http/envelope';
import { query } from '../http/validators';
import { JOB_KINDS, type JobData, type JobKind, KINDS } from '../jobs/kinds';
import { MAIL_KINDS, type MailKind } from '../mail/kinds';
import { renderMail } from '../mail/render';
import { templates } from '../mail/templates';
import { brandOf } from '../mail/templates/brand';

/** The kinds a schedule starts: they carry nothing. */
type ScheduledKind = { [K in JobKind]: JobData[K] extends Record<string, never> ? K : never }[JobKind];

/** The kinds that run by themselves (a cron), which POST /dev/jobs/{kind}/run starts now. */
const SCHEDULED_KINDS: readonly string[] = JOB_KINDS.filter((k) => KINDS[k].cron !== undefined);

const isScheduled = (kind: string): kind is ScheduledKind => SCHEDULED_KINDS.includes(kind);

/** A number a serial column can hold: anything else is no row (not a database error). */
const isRowId = (id: number) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647;

/** The header that may carry the key instead of `?key=` (scripts, tests). */
export const OUTBOX_KEY_HEADER = 'x-outbox-key';

const sameKey = (given: string, key: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * A development tool answers only to the process's key (printed at start-up: /dev/outbox?key=...),
 * from wherever the request comes: behind a reverse proxy every visitor looks like this machine, so
 * where a request comes from proves nothing. Off entirely in production. Judged before anything
 * else about the request.
 */
const keyRequired = (tool: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const key = c.var.config.outboxKey;
    if (key === null) return fail(c, 404, `The ${tool} is off here (it never runs in production).`);
    const given = c.req.query('key') ?? c.req.header(OUTBOX_KEY_HEADER) ?? '';
    if (!sameKey(given, key))
      return fail(
        c,
        403,
        `The ${tool} needs the key the server printed when it started: open /dev/outbox?key=... from its output.`,
      );
    await next();
  });

/**
 * The policy of an e-mail's HTML shown in /dev/emails: its own inline styles and pictures, no script,
 * framed by the app only. Set after the app's policy (server/app.ts), for these answers alone.
 */
export const EMAIL_PREVIEW_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; frame-ancestors 'self'";

export const keepEmailPreviewPolicy = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!c.res.headers.get('content-type')?.startsWith('text/html')) return;
  c.res.headers.set('Content-Security-Policy', EMAIL_PREVIEW_POLICY);
  c.res.headers.set('X-Frame-Options', 'SAMEORIGIN');
});

const isMailKind = (kind: string): kind is MailKind => (MAIL_KINDS as readonly string[]).includes(kind);

const renderSample = <K extends MailKind>(kind: K, c: { var: AppEnv['Variables'] }) =>
  renderMail(kind, templates[kind].sample(brandOf(c.var.config)));

/**
 * Development tools. The outbox shows the e-mails the API sent or kept (resets, invitations,
 * sign-in links), newest first; the chat inbox the messages visitors wrote in the self-hosted chat
 * widget. Both need the process's outbox key, and are off when NODE_ENV=production.
 */
export const devRoutes = new Hono<AppEnv>()
  .get('/outbox', keyRequired('outbox'), query(outboxQuery), async (c) => {
    const { to, limit } = c.req.valid('query');
    const rows = await readOutbox(c.var.db, to, limit);
    const files = await attachmentNamesOf(
      c.var.db,
      rows.map((r) => r.id),
    );
    const messages: OutboxMessage[] = rows.map((r) => ({
      id: r.id,
      to: r.toEmail,
      kind: r.kind,
      subject: r.subject,
      body: r.body,
      link: r.link,
      html: r.html,
      attachments: files
        .filter((f) => f.outboxId === r.id)
        .map((f) => ({ id: f.id, filename: f.filename, content_type: f.contentType })),
      status: r.status,
      created_at: r.createdAt.toISOString(),
    }));
    return ok(c, messages);
  })
  // Every e-mail the product sends, rendered from its sample: subject, both parts, who may turn it off.
  .get('/emails', keyRequired('outbox'), async (c) => {
    const samples: EmailSample[] = await Promise.all(
      MAIL_KINDS.map(async (kind) => {
        const mail = await renderSample(kind, c);
        const template = templates[kind];
        return {
          kind,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          essential: template.essential,
          preference: template.preference ?? null,
          attachments: template.attachments ?? [],
        };
      }),
    );
    return ok(c, samples);
  })
  .get('/emails/:file', keyRequired('outbox'), async (c) => {
    const kind = c.req.param('file').replace(/\.html$/, '');
    if (!isMailKind(kind)) return fail(c, 404, `There is no e-mail called ${kind}: /dev/emails lists them.`);
    return c.html((await renderSample(kind, c)).html);
  })
  .get('/outbox/:file', keyRequired('outbox'), async (c) => {
    const id = Number(c.req.param('file').replace(/\.html$/, ''));
    const row = isRowId(id) ? await outboxRow(c.var.db, id) : null;
    if (!row) return fail(c, 404, 'No e-mail with this number is in the outbox.');
    if (row.html === null) return fail(c, 404, 'This e-mail was written before e-mails had an HTML part.');
    return c.html(row.html);
  })
  .get('/outbox/:id/attachments/:aid', keyRequired('outbox'), async (c) => {
    const id = Number(c.req.param('id'));
    const aid = Number(c.req.param('aid'));
    const file = isRowId(id) ? (await attachmentsOf(c.var.db, id)).find((a) => a.id === aid) : undefined;
    if (!file) return fail(c, 404, 'This e-mail has no such attachment.');
    return c.body(new Uint8Array(file.content), 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
    });
  })
  // The model tests' coverage of the real machines, for the inspector (development builds, or builds
  // with VITE_INSPECTOR=true). Test results, nothing about anyone: no key, but never in production.
  .get('/model-coverage', async (c) => {
    const file = c.var.config.modelCoverageFile;
    if (file === null) return fail(c, 404, 'Development tools are off here (they never run in production).');
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return fail(c, 404, 'No model coverage yet: run `npm run test:model`, then open the inspector again.');
    }
    let read: ReturnType<typeof modelCoverageSchema.safeParse> | null = null;
    try {
      read = modelCoverageSchema.safeParse(JSON.parse(text));
    } catch {
      // Not JSON at all: answered below as any other file that is not test:model's.
    }
    if (!read?.success)
      return fail(
        c,
        422,
        `${MODEL_COVERAGE_PATH} is not what test:model writes: run \`npm run test:model\` again.`,
      );
    return ok(c, read.data);
  })
  .get('/chat', keyRequired('chat inbox'), query(chatInboxQuery), async (c) => {
    const { browser_id, limit } = c.req.valid('query');
    const messages: ChatMessage[] = await readChatMessages(c.var.db, browser_id, limit);
    return ok(c, messages);
  })
  // A scheduled kind's run now instead of at its next time (automatic payment, reminders): what a
  // developer or a browser test needs to see the result of a schedule without waiting for it.
  .post('/jobs/:kind/run', keyRequired('job runner'), async (c) => {
    const kind = c.req.param('kind');
    if (!isScheduled(kind))
      return fail(c, 404, `Only scheduled jobs run on request here: ${SCHEDULED_KINDS.join(', ')}.`);
    const id = await c.var.jobs.send(kind, {});
    return ok(c, { kind, queued: id !== null });
  })
  // Faults on purpose, for the tests of what a server process does with an error nothing catches:
  // thrown or rejected after the answer, in the request's own context. FAULT_INJECTION=true only.
  .post('/faults/:kind', keyRequired('fault injection'), (c) => {
    if (!c.var.config.faultInjection)
      return fail(c, 404, 'Fault injection is off (FAULT_INJECTION=true turns it on).');
    const kind = c.req.param('kind');
    const fault = new Error(`A fault injected on purpose (${kind}).`);
    if (kind === 'uncaught')
      setImmediate(() => {
        throw fault;
      });
    else if (kind === 'rejection') setImmediate(() => void Promise.reject(fault));
    else return fail(c, 404, 'There are two faults: uncaught and rejection.');
    return ok(c, { kind }, {}, `The ${kind} fault follows this answer.`);
  })
  // Jobs that record which process ran them (JOB_RUN_LOG), for the tests that prove each job runs
  // once across replicas. FAULT_INJECTION=true only.
  .post('/jobs/record', keyRequired('fault injection'), async (c) => {
    if (!c.var.config.faultInjection)
      return fail(c, 404, 'Fault injection is off (FAULT_INJECTION=true turns it on).');
    const count = Number(c.req.query('count') ?? '1');
    const holdMs = Number(c.req.query('holdMs') ?? '0');
    if (!Number.isInteger(count) || count < 1 || count > 1_000)
      return fail(c, 422, 'count is a whole number from 1 to 1000.');
    if (!Number.isInteger(holdMs) || holdMs < 0 || holdMs > 120_000)
      return fail(c, 422, 'holdMs is a whole number of milliseconds from 0 to 120000.');
    const ids: (string | null)[] = [];
    for (let i = 0; i < count; i += 1)
      ids.push(await c.var.jobs.send('test.record', holdMs > 0 ? { holdMs } : {}));
    return ok(c, { ids }, {}, `Queued ${count} test.record jobs.`);
  });
