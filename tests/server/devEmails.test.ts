import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EmailSample } from '../../contract/auth';
import { MAIL_KINDS } from '../../server/mail/kinds';
import { DRIVERS, type Harness, json } from './harness';

const KEY = 'a-key-for-the-email-tests-12';
/** A request from elsewhere: where it comes from proves nothing, the key does. */
const remote = { incoming: { socket: { remoteAddress: '203.0.113.9' } } } as never;

/*
 * /dev/emails (issue 30, point 10): every e-mail the product sends, from its sample, behind the
 * outbox's key and never in production; each HTML part under a policy of its own that lets its
 * inline styles apply and only the app frame it.
 */
describe.each(DRIVERS)('the e-mails page on %s', (_name, open) => {
  let h: Harness;
  let production: Harness;

  beforeAll(async () => {
    h = await open({ env: { OUTBOX_KEY: KEY } });
    production = await open({ env: { NODE_ENV: 'production', OUTBOX_KEY: KEY, EXPOSE_OUTBOX: 'true' } });
  }, 90_000);
  afterAll(async () => {
    await h?.close();
    await production?.close();
  });

  it('answers only to the key, and not at all in production', async () => {
    expect((await h.app.request('/api/v1/dev/emails', {}, remote)).status).toBe(403);
    expect((await h.app.request('/api/v1/dev/emails/welcome.html', {}, remote)).status).toBe(403);
    expect((await production.app.request(`/api/v1/dev/emails?key=${KEY}`, {}, remote)).status).toBe(404);
    expect(
      (await production.app.request(`/api/v1/dev/emails/welcome.html?key=${KEY}`, {}, remote)).status,
    ).toBe(404);
  });

  it('lists every e-mail with its subject, HTML and text parts', async () => {
    const answer = await json<{ data: EmailSample[] }>(
      await h.app.request(`/api/v1/dev/emails?key=${KEY}`, {}, remote),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((s) => s.kind)).toEqual([...MAIL_KINDS]);
    for (const sample of answer.body.data) {
      expect(sample.subject, sample.kind).not.toBe('');
      expect(sample.html, sample.kind).toMatch(/^<!DOCTYPE html/i);
      expect(sample.text.trim(), sample.kind).not.toBe('');
    }
    const reminder = answer.body.data.find((s) => s.kind === 'ad-reminder');
    expect(reminder).toMatchObject({ essential: false, preference: 'ad_reminders' });
    expect(answer.body.data.find((s) => s.kind === 'invoice-issued')?.attachments).toHaveLength(1);
  });

  it('serves an e-mail’s HTML under its own policy, framed by the app only', async () => {
    const response = await h.app.request(`/api/v1/dev/emails/order-placed.html?key=${KEY}`, {}, remote);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("style-src 'unsafe-inline'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain('script-src');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(await response.text()).toContain('Thank you, your order is placed');
    // The app's own answers keep the app's policy.
    const list = await h.app.request(`/api/v1/dev/emails?key=${KEY}`, {}, remote);
    expect(list.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const unknown = await h.app.request(`/api/v1/dev/emails/nothing.html?key=${KEY}`, {}, remote);
    expect(unknown.status).toBe(404);
    // A number no row can have is no row, not a database error.
    for (const path of [
      '/outbox/99999999999.html',
      '/outbox/99999999999/attachments/1',
      '/outbox/1/attachments/99999999999',
    ])
      expect((await h.app.request(`/api/v1/dev${path}?key=${KEY}`, {}, remote)).status, path).toBe(404);
  });

  it('runs a scheduled job now on the key, and nothing else', async () => {
    const send = vi.spyOn(h.jobs, 'send');
    const run = (kind: string, app = h.app, key = `?key=${KEY}`) =>
      app.request(`/api/v1/dev/jobs/${kind}/run${key}`, { method: 'POST' }, remote);
    expect((await run('invoices.overdue', h.app, '')).status).toBe(403);
    expect((await run('invoices.overdue', production.app)).status).toBe(404);
    const unscheduled = await json<{ message: string }>(await run('mail.send'));
    expect(unscheduled.status).toBe(404);
    expect(unscheduled.body.message).toContain('invoices.overdue');
    expect(send).not.toHaveBeenCalled();
    const ran = await json<{ data: { kind: string; queued: boolean } }>(await run('invoices.overdue'));
    expect(ran.status).toBe(200);
    expect(ran.body.data).toEqual({ kind: 'invoices.overdue', queued: true });
    expect(send).toHaveBeenCalledExactlyOnceWith('invoices.overdue', {});
    await h.background.settled();
  });
});
