import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxMessage, UserData } from '../../contract/auth';
import type { DroppedCookie } from '../../contract/envelope';
import { readServerConfig } from '../../server/config';
import { outbox } from '../../server/db/schema';
import { deliverMail } from '../../server/mail/deliver';
import { composeMail, mails } from '../../server/mail/messages';
import { sendMail } from '../../server/mail/send';
import { templates } from '../../server/mail/templates';
import { type Brand, brandOf } from '../../server/mail/templates/brand';
import { mailText } from '../../server/mail/text';
import { getFreePort } from '../support/ports';
import { DRIVERS, type Harness } from './harness';

interface Answer<T = unknown> {
  success: boolean;
  data: T;
  meta: { drop_cookies: DroppedCookie[] };
  message: string;
}

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  headers: string;
  raw: string;
}

/** An SMTP server of the test's own: it keeps what it receives, and can refuse recipients. */
async function startSmtp(refuse: (to: string, attempt: number) => boolean = () => false) {
  const received: Received[] = [];
  const attempts = new Map<string, number>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'adlane' && auth.password === 's3cret') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      const attempt = (attempts.get(address.address) ?? 0) + 1;
      attempts.set(address.address, attempt);
      if (refuse(address.address, attempt)) {
        const error = Object.assign(new Error('Mailbox unavailable, try later'), { responseCode: 451 });
        callback(error);
      } else callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        const [head = ''] = raw.split('\r\n\r\n');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          headers: head.replace(/\r\n[ \t]+/g, ' '),
          raw,
        });
        callback();
      });
    },
  });
  const port = await getFreePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://adlane:s3cret@127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded body parts of a received message (quoted-printable undone). */
const partsOf = (raw: string) => {
  const decoded = raw
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const boundaries = [...decoded.matchAll(/boundary="?([^"\r\n;]+)"?/g)].map((m) => m[1] ?? '');
  const part = (type: string) => {
    const start = decoded.indexOf(`Content-Type: ${type}`);
    if (start < 0) return '';
    const body = decoded.slice(decoded.indexOf('\r\n\r\n', start) + 4);
    // Up to the part's boundary: a text part may hold a line of dashes of its own (a rule).
    const ends = boundaries.map((b) => body.indexOf(`\r\n--${b}`)).filter((i) => i >= 0);
    return body.slice(0, Math.min(...ends));
  };
  return { text: part('text/plain'), html: part('text/html') };
};
/** A header's value, with RFC 2047 encoded words (=?UTF-8?Q?...?=) decoded. */
const header = (message: Received, name: string) =>
  (new RegExp(`^${name}: (.*)$`, 'im').exec(message.headers)?.[1] ?? '').replace(
    /=\?UTF-8\?Q\?(.*?)\?=\s*/gi,
    (_, encoded: string) =>
      Buffer.from(
        encoded
          .replace(/_/g, ' ')
          .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      ).toString('utf8'),
  );

const BRAND: Brand = {
  product: 'Adlane',
  legalName: 'Harbor Media LLC',
  address: ['1 Pier St', 'Duluth, MN 55802'],
  url: 'http://localhost:3000',
};

describe('names in e-mails', () => {
  it('are one line of visible text, and a stored name with a link is left out', async () => {
    expect(mailText('  Dana \n\tReyes\u202E  ', 'x')).toBe('Dana Reyes');
    expect(mailText('Booking.com', 'your company')).toBe('your company');
    expect(mailText('Write to help@evil.example', 'your company')).toBe('your company');
    expect(mailText('URGENT: verify your bank at http://evil.example', 'your company')).toBe('your company');
    expect(mailText('visit www.evil.example', 'a colleague')).toBe('a colleague');
    const invite = await mails.colleagueInvite(
      'to@x.example',
      BRAND,
      {
        firstname: 'URGENT: verify',
        lastname: 'at https://evil.example',
        company: 'Bank\r\nBcc: all',
      },
      'http://localhost:3000/join?uuid=u&coid=c',
    );
    expect(invite.subject).toBe('You are invited to join your team on Adlane');
    expect(invite.body).toContain(
      'URGENT: verify invited you to buy advertising with Bank Bcc: all on Adlane. Open the link to create your account; it works for 14 days.',
    );
  });

  it('show the new address in the notice to the old one, though an address in a name is left out', async () => {
    const notice = await mails.emailChangeNotice(
      'dana@bakery.example',
      BRAND,
      { firstname: 'Dana' },
      'dana.reyes@bakery.com',
    );
    expect(notice.body).toContain('asked to sign in with dana.reyes@bakery.com instead of this one.');
  });
});

describe.each(DRIVERS)('e-mail on %s', (_name, open) => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp(
      (to, attempt) => to.startsWith('bounce') || (to.startsWith('later') && attempt <= 3),
    );
    h = await open({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Adlane <mail@adlane.example>',
        COMPANY_LEGAL_NAME: 'Harbor Media LLC',
        COMPANY_ADDRESS: '1 Pier St|Duluth, MN 55802',
      },
    });
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  const call = async <T = unknown>(path: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await h.app.request(`/api/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Answer<T> };
  };

  const register = (fields: Record<string, string>) =>
    call<UserData>('/register', {
      password: 'correct horse battery',
      firstname: 'Dana',
      lastname: 'Reyes',
      company: 'Reyes Bakery',
      ...fields,
    });

  const rowsTo = (to: string) => h.database.db.select().from(outbox).where(eq(outbox.toEmail, to));

  it('go out through SMTP_URL (authenticated), with the link in both parts, and the row says sent', async () => {
    const email = 'smtp.buyer@bakery.example';
    expect((await register({ email })).status).toBe(200);
    expect((await call('/forgotpassword', { email })).status).toBe(200);
    await h.background.settled();

    const reset = smtp.received.find((m) => m.to.includes(email) && /Reset your/.test(m.headers));
    if (!reset) throw new Error(`No reset e-mail received; got ${smtp.received.length} messages`);
    expect(reset.from).toBe('mail@adlane.example');
    expect(reset.user).toBe('adlane');
    expect(header(reset, 'To')).toBe(email);
    expect(header(reset, 'Subject')).toBe('Reset your Adlane password');
    const { text, html } = partsOf(reset.raw);
    const link = /http:\/\/localhost:3000\/reset-password\?tok=[\w-]+&resetcode=[\w-]+/.exec(text)?.[0] ?? '';
    expect(link).not.toBe('');
    expect(text).toContain('Hi Dana, open this link to choose a new password.');
    expect(html).toContain(`<a href="${link.replace('&', '&amp;')}"`);
    // Signed by the company configured to run the product, with its address (issue 28, point 11).
    expect(text).toContain('Adlane is run by Harbor Media LLC, 1 Pier St, Duluth, MN 55802.');
    expect(html).toContain('Adlane is run by Harbor Media LLC, 1 Pier St, Duluth, MN 55802.</p>');

    const rows = await rowsTo(email);
    expect(rows.map((r) => [r.kind, r.status, r.attempts, r.lastError])).toEqual([
      ['welcome', 'sent', 1, null],
      ['password-reset', 'sent', 1, null],
    ]);
    expect(rows.every((r) => r.sentAt instanceof Date)).toBe(true);
    // Sent: the row keeps no working link, so a copy of the database holds no live reset.
    expect(rows.map((r) => r.link)).toEqual([null, null]);
  });

  it('escape what people typed in the HTML part', async () => {
    const owner = await register({
      email: 'escape.owner@bakery.example',
      firstname: '<b>Dana</b>',
      company: 'R&D "Labs"',
    });
    expect(owner.status).toBe(200);
    expect(
      (await call('/team/invite', { email: 'escape.colleague@bakery.example' }, owner.body.data.token))
        .status,
    ).toBe(200);
    await h.background.settled();
    const invite = smtp.received.find((m) => m.to.includes('escape.colleague@bakery.example'));
    if (!invite) throw new Error('No invitation received');
    expect(header(invite, 'Subject')).toBe('You are invited to join your team on Adlane');
    const { html } = partsOf(invite.raw);
    expect(html).toContain(
      '&lt;b&gt;Dana&lt;/b&gt; invited you to buy advertising with R&amp;D &quot;Labs&quot;',
    );
    expect(html).not.toContain('<b>');
  });

  it('go out as an HTML and a text part, with the files composed with them', async () => {
    const to = 'attached@bakery.example';
    const brand = brandOf(h.config);
    const pdf = new TextEncoder().encode('%PDF-1.7 INV-27-000042');
    const mail = await composeMail(
      to,
      'invoice-issued',
      { ...templates['invoice-issued'].sample(brand) },
      null,
      {
        attachments: [{ filename: 'INV-27-000042.pdf', contentType: 'application/pdf', content: pdf }],
      },
    );
    await sendMail({ db: h.database.db, config: h.config, clock: () => new Date(), jobs: h.jobs }, mail);
    await h.background.settled();
    const received = smtp.received.find((m) => m.to.includes(to));
    if (!received) throw new Error('No e-mail with a file received');
    expect(received.raw).toMatch(/Content-Type: multipart\/alternative/);
    const { text, html } = partsOf(received.raw);
    expect(text).toContain('Invoice INV-00-000045');
    expect(html).toMatch(/^<!DOCTYPE html/i);
    expect(received.raw).toMatch(/Content-Type: application\/pdf; name=INV-27-000042\.pdf/);
    expect(received.raw).toMatch(/Content-Disposition: attachment; filename=INV-27-000042\.pdf/);
    expect(received.raw).toContain(Buffer.from(pdf).toString('base64'));
  });

  it('get one attempt in the app, and a refusal is recorded with its error, never lost', async () => {
    expect((await register({ email: 'bounce@bakery.example' })).status).toBe(200);
    await h.background.settled();
    // The app's jobs here run at once, once: each attempt is the last (the queue's retries and
    // backoff are in jobs.test.ts).
    const [bounce] = await rowsTo('bounce@bakery.example');
    expect([bounce?.status, bounce?.attempts]).toEqual(['failed', 1]);
    expect(bounce?.lastError).toContain('Mailbox unavailable');
    expect(bounce?.sentAt).toBeNull();
  });

  /** An e-mail on its way, as `sendMail` leaves it for its `mail.send` job. */
  const waiting = async (to: string) => {
    const [row] = await h.database.db
      .insert(outbox)
      .values({
        toEmail: to,
        kind: 'welcome',
        subject: 'Welcome to Adlane',
        body: 'Hi.',
        link: 'http://localhost:3000/',
        status: 'sending',
        createdAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('No row');
    return row.id;
  };
  const deps = () => ({ db: h.database.db, config: h.config, clock: () => new Date() });

  it('stay `sending` with the error after an attempt that is not the last, and go out on a later one', async () => {
    const id = await waiting('later@bakery.example');
    for (const attempt of [1, 2, 3])
      await expect(deliverMail(deps(), id, { last: false }), `attempt ${attempt}`).rejects.toThrow(
        /Mailbox unavailable/,
      );
    const [refused] = await rowsTo('later@bakery.example');
    expect([refused?.status, refused?.attempts]).toEqual(['sending', 3]);
    expect(refused?.lastError).toContain('Mailbox unavailable');
    await deliverMail(deps(), id, { last: false });
    const [sent] = await rowsTo('later@bakery.example');
    expect([sent?.status, sent?.attempts, sent?.lastError, sent?.link]).toEqual(['sent', 4, null, null]);
  });

  it('are not sent again by a job tried again after its e-mail went out', async () => {
    const id = await waiting('once@bakery.example');
    await deliverMail(deps(), id, { last: false });
    await deliverMail(deps(), id, { last: false });
    expect(smtp.received.filter((m) => m.to.includes('once@bakery.example'))).toHaveLength(1);
    const [sent] = await rowsTo('once@bakery.example');
    expect([sent?.status, sent?.attempts]).toEqual(['sent', 1]);
  });

  it('are sent once when a second attempt comes while the first is still sending', async () => {
    const id = await waiting('slow@bakery.example');
    let sends = 0;
    let finish = () => {};
    const slow = {
      send: () => {
        sends += 1;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
    };
    // The queue gave up on the first attempt's lease while the SMTP server was slow, and tries again.
    const first = deliverMail({ ...deps(), transport: slow }, id, { last: false });
    await vi.waitFor(() => expect(sends).toBe(1));
    await expect(deliverMail({ ...deps(), transport: slow }, id, { last: false })).rejects.toThrow(
      /earlier attempt is still sending/,
    );
    finish();
    await first;
    expect(sends).toBe(1);
    const [sent] = await rowsTo('slow@bakery.example');
    expect([sent?.status, sent?.attempts]).toEqual(['sent', 1]);
  });

  it('say `failed` after their last attempt, with the error kept', async () => {
    const id = await waiting('bounce.last@bakery.example');
    await expect(deliverMail(deps(), id, { last: true })).rejects.toThrow(/Mailbox unavailable/);
    const [row] = await rowsTo('bounce.last@bakery.example');
    expect([row?.status, row?.attempts]).toEqual(['failed', 1]);
    expect(row?.lastError).toContain('Mailbox unavailable');
  });

  it('stay in the outbox (kept) without SMTP_URL', async () => {
    const local = await open({});
    try {
      const email = 'kept@bakery.example';
      const response = await local.app.request('/api/v1/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email,
          password: 'correct horse battery',
          firstname: 'K',
          lastname: 'Ept',
          company: 'K',
        }),
      });
      expect(response.status).toBe(200);
      await local.background.settled();
      const rows = await local.database.db.select().from(outbox).where(eq(outbox.toEmail, email));
      expect(rows.map((r) => [r.kind, r.status, r.attempts, r.sentAt])).toEqual([
        ['welcome', 'kept', 0, null],
      ]);
    } finally {
      await local.close();
    }
  });
});

describe.each(DRIVERS)('names that carry links on %s', (_name, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await open({});
  });
  afterAll(async () => {
    await h.close();
  });

  const post = async (path: string, body: unknown, token?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await h.app.request(`/api/v1${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as Answer<UserData & { errors: Record<string, string> }>,
    };
  };
  const fields = {
    email: 'names@bakery.example',
    password: 'correct horse battery',
    firstname: 'Dana',
    lastname: 'Reyes',
    company: 'Reyes Bakery',
  };

  it('are refused at registration with a message naming the field', async () => {
    const answer = await post('/register', {
      ...fields,
      firstname: 'URGENT: verify your bank at http://evil.example',
      lastname: 'Reyes\r\nBcc: everyone@x.example',
      company: 'Visit www.evil.example',
    });
    expect(answer.status).toBe(422);
    expect(answer.body.data.errors).toEqual({
      firstname:
        'Write the first name without a link or web address ("Booking", not "Booking.com"): e-mails would make it a link.',
      lastname: 'Keep the last name on one line, without invisible characters.',
      company:
        'Write the company name without a link or web address ("Booking", not "Booking.com"): e-mails would make it a link.',
    });
    for (const company of [
      'javascript:alert(1)',
      'mailto:a@b.example',
      'hxxps://evil.example',
      'Acme\u202Egnp.exe',
    ]) {
      expect((await post('/register', { ...fields, company })).status, company).toBe(422);
    }
    // A mail client links a bare domain with a real ending, so a company is written without it.
    const website = await post('/register', { ...fields, company: 'Booking.com' });
    expect(website.status).toBe(422);
    expect(website.body.data.errors).toEqual({
      company:
        'Write the company name without a link or web address ("Booking", not "Booking.com"): e-mails would make it a link.',
    });
    // Names with dots, colons and ampersands are names.
    const fine = await post('/register', { ...fields, company: 'Booking & Co: Big Data: Analytics, Inc.' });
    expect(fine.status).toBe(200);
  });

  it('are refused in invitations and in a colleague’s account', async () => {
    const owner = await post('/register', { ...fields, email: 'names.owner@bakery.example' });
    const invite = await post(
      '/team/invite',
      {
        email: 'names.colleague@bakery.example',
        firstname: 'see https://evil.example',
        lastname: 'A\u0007B',
      },
      owner.body.data.token,
    );
    expect(invite.status).toBe(422);
    expect(invite.body.data.errors).toEqual({
      firstname:
        'Write the first name without a link or web address ("Booking", not "Booking.com"): e-mails would make it a link.',
      lastname: 'Keep the last name on one line, without invisible characters.',
    });
    const created = await post('/colleague/create', {
      uuid: '00000000-0000-4000-8000-000000000000',
      coid: '00000000-0000-4000-8000-000000000000',
      email: 'x@bakery.example',
      password: 'correct horse battery',
      firstname: 'http://evil.example',
      lastname: 'Okafor',
    });
    expect(created.status).toBe(422);
    expect(created.body.data.errors).toEqual({
      firstname:
        'Write the first name without a link or web address ("Booking", not "Booking.com"): e-mails would make it a link.',
    });
  });
});

describe.each(DRIVERS)('the outbox key on %s', (_name, open) => {
  const remote = { incoming: { socket: { remoteAddress: '203.0.113.9' } } } as never;
  const local = { incoming: { socket: { remoteAddress: '127.0.0.1' } } } as never;

  it('is random per process unless OUTBOX_KEY sets it, and checked when the server starts', () => {
    const a = readServerConfig({}).outboxKey;
    const b = readServerConfig({}).outboxKey;
    expect(a).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(a).not.toBe(b);
    expect(readServerConfig({ OUTBOX_KEY: 'a-key-for-the-tests-1234' }).outboxKey).toBe(
      'a-key-for-the-tests-1234',
    );
    expect(() => readServerConfig({ OUTBOX_KEY: 'short' })).toThrow(/^OUTBOX_KEY must be/);
    expect(
      readServerConfig({ NODE_ENV: 'production', OUTBOX_KEY: 'a-key-for-the-tests-1234' }).outboxKey,
    ).toBeNull();
    expect(readServerConfig({ EXPOSE_OUTBOX: 'false' }).outboxKey).toBeNull();
    // Mail that really goes out is not also shown, unless a key asks for the outbox.
    expect(readServerConfig({ SMTP_URL: 'smtp://mail.example:587' }).outboxKey).toBeNull();
    expect(
      readServerConfig({ SMTP_URL: 'smtp://mail.example:587', OUTBOX_KEY: 'a-key-for-the-tests-1234' })
        .outboxKey,
    ).toBe('a-key-for-the-tests-1234');
  });

  it('opens the outbox and the chat inbox from anywhere, and nothing opens them without it', async () => {
    const h = await open({ env: { OUTBOX_KEY: 'a-key-for-the-tests-1234' } });
    const production = await open({
      env: { NODE_ENV: 'production', OUTBOX_KEY: 'a-key-for-the-tests-1234', EXPOSE_OUTBOX: 'true' },
    });
    try {
      const status = async (
        target: Harness,
        path: string,
        env: never,
        headers: Record<string, string> = {},
      ) => (await target.app.request(`/api/v1/dev/${path}`, { headers }, env)).status;
      for (const tool of ['outbox', 'chat']) {
        // The machine's own address proves nothing (behind a proxy, everyone is loopback).
        expect(await status(h, tool, local)).toBe(403);
        expect(await status(h, `${tool}?key=not-the-key-at-all-000`, local)).toBe(403);
        expect(await status(h, `${tool}?key=a-key-for-the-tests-1234`, remote)).toBe(200);
        expect(await status(h, tool, remote, { 'x-outbox-key': 'a-key-for-the-tests-1234' })).toBe(200);
        expect(await status(production, `${tool}?key=a-key-for-the-tests-1234`, local)).toBe(404);
      }
      const refused = await h.app.request('/api/v1/dev/outbox', {}, local);
      expect(((await refused.json()) as Answer).message).toBe(
        'The outbox needs the key the server printed when it started: open /dev/outbox?key=... from its output.',
      );
      const listed = await h.app.request(
        '/api/v1/dev/outbox?key=a-key-for-the-tests-1234&limit=5',
        {},
        remote,
      );
      expect(((await listed.json()) as Answer<OutboxMessage[]>).success).toBe(true);
    } finally {
      await h.close();
      await production.close();
    }
    // Two apps of its own, each opening and indexing a database: on a loaded 2-core machine the
    // set-up alone came close to the default 30 s.
  }, 90_000);
});
