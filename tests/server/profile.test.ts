import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '../../contract/auth';
import { outbox } from '../../server/db/schema';
import { DRIVERS, type Harness } from './harness';
import { customer, settableClock } from './orderShop';
import { caller } from './shop';

/*
 * The profile (issue 17): PATCH /me under registration's rules, the picture kept as a 256 px WebP
 * without metadata, and the e-mail change that happens only when the link sent to the new address is
 * followed.
 */
describe.each(DRIVERS)('the profile on %s', (_name, open) => {
  let h: Harness;
  const clock = settableClock();
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open({ clock: clock.now });
  });
  afterAll(async () => {
    await h.close();
  });

  const patch = async (token: string, body: unknown, form = false) => {
    const response = await h.app.request('/api/v1/me', {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      },
      body: form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as {
        message: string;
        data: UserData & { errors?: Record<string, string> };
      },
    };
  };

  const me = async (token: string) => (await call<UserData>('GET', '/me', { token })).body.data;

  it('changes names, phone and the reminder choice; GET /me carries them; an empty phone removes it', async () => {
    const buyer = await customer(call);
    const changed = await patch(buyer.token, {
      firstname: 'Ada',
      lastname: 'Byrne',
      phone: ' (312) 555-0187 ',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({
      firstname: 'Ada',
      lastname: 'Byrne',
      fullname: 'Ada Byrne',
      phone: '(312) 555-0187',
    });
    expect(await me(buyer.token)).toMatchObject({
      phone: '(312) 555-0187',
      ad_reminders: true,
      role: 'owner',
    });
    expect((await patch(buyer.token, { ad_reminders: false })).body.data.ad_reminders).toBe(false);
    expect((await patch(buyer.token, { ad_reminders: 'true' }, true)).body.data.ad_reminders).toBe(true);
    expect((await patch(buyer.token, { phone: '' })).body.data.phone).toBeNull();
    expect((await me(buyer.token)).firstname).toBe('Ada');
  });

  it('refuses what registration refuses, field by field, and an empty change with a sentence', async () => {
    const buyer = await customer(call);
    const bad = await patch(buyer.token, {
      firstname: 'www.example.com',
      lastname: 'Line\nbreak',
      phone: '(((((((',
      company: 'https://phish.example/login',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.errors ?? {}).sort()).toEqual([
      'company',
      'firstname',
      'lastname',
      'phone',
    ]);
    const empty = await patch(buyer.token, {});
    expect(empty.status).toBe(422);
    expect(empty.body.message).toMatch(/at least one field/);
    // Nothing was changed by the refusals.
    expect((await me(buyer.token)).firstname).toBe('Sam');
  });

  it('keeps a picture as a 256 px WebP without its metadata, serves it publicly, and removes it', async () => {
    const buyer = await customer(call);
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#d94d33' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Location Inc', Artist: 'Ada' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
    const saved = await h.app.request('/api/v1/me/avatar', {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}` },
      body: form,
    });
    expect(saved.status).toBe(200);
    const avatar = ((await saved.json()) as { data: UserData }).data.avatar ?? '';
    expect(avatar).toMatch(/^\/api\/v1\/avatars\/[0-9a-f-]{36}\.webp$/);
    expect((await me(buyer.token)).avatar).toBe(avatar);
    const image = await h.app.request(avatar);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await image.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('Secret Location'))).toBe(false);

    const removed = await h.app.request('/api/v1/me/avatar', {
      method: 'DELETE',
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(((await removed.json()) as { data: UserData }).data.avatar).toBeNull();
    expect((await h.app.request(avatar)).status).toBe(404);
  });

  it('refuses a file that is not a picture, and one over 5 MB, with a message on the field', async () => {
    const buyer = await customer(call);
    const send = async (bytes: Uint8Array<ArrayBuffer>, type: string) => {
      const form = new FormData();
      form.append('avatar', new Blob([bytes], { type }), 'file');
      const response = await h.app.request('/api/v1/me/avatar', {
        method: 'POST',
        headers: { authorization: `Bearer ${buyer.token}` },
        body: form,
      });
      return {
        status: response.status,
        body: (await response.json()) as {
          message: string;
          data: { errors?: Record<string, string> } | null;
        },
      };
    };
    const text = await send(new TextEncoder().encode('%PDF-1.7 not a picture'), 'image/png');
    expect(text.status).toBe(422);
    expect(text.body.data?.errors?.avatar).toMatch(/not a picture we can read/);
    const huge = await send(new Uint8Array(5 * 1024 * 1024 + 1), 'image/jpeg');
    expect([413, 422]).toContain(huge.status);
    // Refused before it is read (413) or by the route (422 on the field), always with the reason.
    expect(huge.status === 413 ? huge.body.message : huge.body.data?.errors?.avatar).toMatch(/over 5 MB/);
    const none = await h.app.request('/api/v1/me/avatar', {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(none.status).toBe(422);
    expect((await me(buyer.token)).avatar).toBeNull();
  });

  /** The newest e-mail of a kind to an address, as the outbox keeps it. */
  const mailTo = async (to: string, kind: string) => {
    await h.background.settled();
    const [row] = await h.database.db
      .select({ link: outbox.link, body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.toEmail, to), eq(outbox.kind, kind)))
      .orderBy(desc(outbox.id))
      .limit(1);
    return row ?? null;
  };

  const confirm = (code: string) => call<{ email: string }>('POST', '/me/email/confirm', { body: { code } });

  it('changes the e-mail only when the link sent to the new address is followed, once', async () => {
    const buyer = await customer(call);
    const next = `moved.${Date.now().toString(36)}@shop.example`;
    const wrong = await call('POST', '/me/email', {
      token: buyer.token,
      body: { email: next, current_password: 'nope' },
    });
    expect(wrong.status).toBe(422);
    expect((wrong.body.data as { errors: Record<string, string> }).errors.current_password).toBe(
      'That is not your current password.',
    );
    const asked = await call('POST', '/me/email', {
      token: buyer.token,
      body: { email: next, current_password: 'correct horse battery' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const link = (await mailTo(next, 'email-change'))?.link ?? '';
    expect(link).toMatch(/\/confirm-email\?code=[A-Za-z0-9_-]{43}$/);
    const notice = await mailTo(buyer.email, 'email-change-notice');
    expect(notice?.body).toContain(next);
    expect(notice?.link).toBeNull();
    // Nothing changed yet: the old address signs in, the new one does not.
    expect((await me(buyer.token)).email).toBe(buyer.email);
    const code = new URL(link).searchParams.get('code') ?? '';
    const done = await confirm(code);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.email).toBe(next);
    expect((await me(buyer.token)).email).toBe(next);
    const login = (email: string) =>
      call('POST', '/login', { body: { email, password: 'correct horse battery' } });
    expect((await login(next)).status).toBe(200);
    expect((await login(buyer.email)).status).not.toBe(200);
    const again = await confirm(code);
    expect(again.status).toBe(410);
  });

  it('keeps the address when another account took the new one meanwhile, and a link expires after a day', async () => {
    const buyer = await customer(call);
    const other = await customer(call);
    const taken = `taken.${Date.now().toString(36)}@shop.example`;
    await call('POST', '/me/email', {
      token: buyer.token,
      body: { email: taken, current_password: 'correct horse battery' },
    });
    const code =
      new URL((await mailTo(taken, 'email-change'))?.link ?? 'http://x/').searchParams.get('code') ?? '';
    await call('POST', '/me/email', {
      token: other.token,
      body: { email: taken, current_password: 'correct horse battery' },
    });
    const otherCode =
      new URL((await mailTo(taken, 'email-change'))?.link ?? 'http://x/').searchParams.get('code') ?? '';
    expect((await confirm(otherCode)).status).toBe(200);
    const refused = await confirm(code);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(taken);
    expect((await me(buyer.token)).email).not.toBe(taken);

    const late = `late.${Date.now().toString(36)}@shop.example`;
    await call('POST', '/me/email', {
      token: buyer.token,
      body: { email: late, current_password: 'correct horse battery' },
    });
    const lateCode =
      new URL((await mailTo(late, 'email-change'))?.link ?? 'http://x/').searchParams.get('code') ?? '';
    clock.set(new Date(clock.now().getTime() + 24 * 3_600_000 + 1000));
    try {
      expect((await confirm(lateCode)).status).toBe(410);
    } finally {
      clock.set('2027-01-11T09:00:00Z');
    }
  });
});
