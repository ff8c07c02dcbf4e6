import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnContext } from '../support/hostile/context';
import { bytesOf } from '../support/hostile/encode';
import { endpointName, type FuzzContext } from '../support/hostile/endpoint';
import { ENDPOINTS } from '../support/hostile/endpoints';
import type { Send } from '../support/hostile/judge';
import { type HostileRequest, hostileRequests } from '../support/hostile/requests';
import { sendToApp } from '../support/hostile/send';
import { keptLog } from '../support/keptLog';
import { DRIVERS, type Harness } from './harness';

/**
 * Issue 14, point 4: the server's log is structured (pino), every line of a request carries its id,
 * and no line ever holds a password, a password hash, a token, an authorization header, a billing
 * contact or a query string: not after hostile input, not when the database fails a statement whose
 * parameters are all of those.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(DRIVERS)('the log on %s', (_driver, open) => {
  const { logger, written, lines } = keptLog();
  let h: Harness;
  let send: Send;
  let ctx: FuzzContext;

  beforeAll(async () => {
    h = await open({ logger });
    send = sendToApp(h.app);
    ctx = await learnContext(send, { afterAnswers: () => h.background.settled() });
  });
  afterAll(() => h.close());

  const request = (method: string, target: string, headers: Record<string, string> = {}, body?: unknown) =>
    h.app.request(target, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('writes one access line per request, with its id, method, path, status and time, and nothing else', async () => {
    const before = written.length;
    const echoed = await request('GET', '/api/v1/resetverify?tok=SECRETTOKENSECRETTOKEN&resetcode=x', {
      'x-request-id': 'trace-7f1c2d4e',
    });
    expect(echoed.headers.get('x-request-id')).toBe('trace-7f1c2d4e');
    const made = await request('GET', '/api/v1/ui/stats', { 'x-request-id': 'not sane; id' });
    const id = made.headers.get('x-request-id') ?? '';
    expect(id).toMatch(UUID);
    const access = lines().slice(before);
    expect(access.map(({ time: _time, ms, ...rest }) => ({ ...rest, ms: typeof ms }))).toEqual([
      {
        level: 30,
        requestId: 'trace-7f1c2d4e',
        method: 'GET',
        path: '/api/v1/resetverify',
        status: 400,
        ms: 'number',
        msg: 'request',
      },
      {
        level: 30,
        requestId: id,
        method: 'GET',
        path: '/api/v1/ui/stats',
        status: 200,
        ms: 'number',
        msg: 'request',
      },
    ]);
  });

  it('logs the route a path matched, never what a visitor typed or holds in it', async () => {
    const before = written.length;
    const cartId = '6f1d2c9e-5b7a-4c31-9a0e-2d4b8f7c1a11';
    await request('GET', '/geocoding/v5/mapbox.places/1600%20Pennsylvania%20Ave%20Washington.json');
    await request('GET', `/api/v1/checkout/${cartId}`);
    await request('GET', `/checkout/${cartId}`);
    await request('GET', '/api/v1/no-such-thing/AbCdEfGhIjKlMnOpQrStUvWxYz012345');
    const paths = lines()
      .slice(before)
      .filter((line) => line.msg === 'request')
      .map((line) => line.path);
    expect(paths).toEqual([
      '/geocoding/v5/mapbox.places/:file{.+\\.json}',
      '/api/v1/checkout/:cartId',
      '/checkout/:id',
      '/api/v1/no-such-thing/:id',
    ]);
    expect(written.slice(before).join('\n')).not.toMatch(/Pennsylvania|6f1d2c9e|AbCdEfGh/);
  });

  it('logs a failing statement with the request id and the database error, never its parameters or row', async () => {
    const email = 'statement.fails@example.com';
    const password = 'a password for the failing insert';
    const billingEmail = 'billing.contact.fails@example.com';
    await h.database.db.execute(
      sql.raw('alter table users add constraint log_test_no_users check (false) not valid'),
    );
    await h.database.db.execute(
      sql.raw('alter table orders add constraint log_test_no_orders check (false) not valid'),
    );
    try {
      const before = written.length;
      const register = await request(
        'POST',
        '/api/v1/register',
        { 'x-request-id': 'failing-register' },
        {
          email,
          password,
          firstname: 'Failing',
          lastname: 'Insert',
          company: 'Failing Statements',
        },
      );
      expect(register.status).toBe(500);
      expect(await register.json()).toEqual({
        success: false,
        data: null,
        meta: { drop_cookies: [] },
        message: 'Something went wrong on our side. Please try again in a moment.',
      });
      const place = await request(
        'POST',
        `/api/v1/checkout/${ctx.cartId}/place`,
        { authorization: `Bearer ${ctx.token}`, 'x-request-id': 'failing-place' },
        {
          billing: {
            name: 'Billing Contact',
            email: billingEmail,
            phone: '(312) 555-0100',
            company: 'Failing Statements',
            address: '1 Main St',
            city: 'Chicago',
            state: 'IL',
            zip: '60601',
          },
          idempotency_key: 'log-test-failing-place-1',
          item_ids: ctx.itemIds,
        },
      );
      expect(place.status).toBe(500);
      const logged = written.slice(before);
      const errors = lines()
        .slice(before)
        .filter((line) => line.level === 50);
      expect(
        errors.map((line) => [
          line.requestId,
          line.msg,
          (line.err as { cause?: { code?: string } }).cause?.code,
        ]),
      ).toEqual([
        ['failing-register', 'request failed', '23514'],
        ['failing-place', 'request failed', '23514'],
      ]);
      for (const secret of [
        email,
        password,
        '$argon2',
        billingEmail,
        'Billing Contact',
        ctx.token,
        'Failing row',
      ])
        expect(
          logged.filter((line) => line.includes(secret)),
          secret,
        ).toEqual([]);
    } finally {
      await h.database.db.execute(sql.raw('alter table users drop constraint log_test_no_users'));
      await h.database.db.execute(sql.raw('alter table orders drop constraint log_test_no_orders'));
    }
  });

  it('holds no password, hash, token, authorization, billing contact or query string after hostile input', async () => {
    const before = written.length;
    const secretRoutes = new Set([
      'POST /api/v1/register',
      'POST /api/v1/login',
      'GET /api/v1/login/create',
      'GET /api/v1/resetverify',
      'POST /api/v1/resetpassword',
      'POST /api/v1/colleague/create',
      'POST /api/v1/me/password',
      'POST /api/v1/checkout/:cartId/place',
      'GET /api/v1/login/refresh',
      'GET /api/v1/me',
    ]);
    for (const endpoint of ENDPOINTS.filter((e) => secretRoutes.has(endpointName(e)))) {
      for (const hostile of fc.sample(hostileRequests(endpoint, ctx), { numRuns: 15, seed: 14 }))
        await send(hostile);
    }
    const withSecrets: HostileRequest[] = [
      {
        method: 'POST',
        target: '/api/v1/login?password=in-the-query-string',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${ctx.token}`,
          cookie: `session=${ctx.token}`,
        },
        body: bytesOf(JSON.stringify({ email: ctx.email, password: ctx.password })),
        variant: 'a right password',
      },
      {
        method: 'GET',
        target: `/api/v1/login/create?hydrate=1&code=${ctx.signinCode}`,
        headers: {},
        variant: 'a sign-in code',
      },
    ];
    for (const hostile of withSecrets) expect((await send(hostile)).status).toBeLessThan(500);
    const logged = written.slice(before);
    expect(logged.length).toBeGreaterThan(150);
    const secrets = [
      ctx.password,
      ctx.token,
      ctx.reset.tok,
      ctx.reset.resetcode,
      ctx.signinCode,
      `billing.${ctx.email}`,
      'correct horse battery staple',
      'in-the-query-string',
      '$argon2',
      'Bearer',
      'authorization',
      'cookie',
    ];
    for (const secret of secrets)
      expect(
        logged.filter((line) => line.includes(secret)),
        secret,
      ).toEqual([]);
    expect(
      lines()
        .slice(before)
        .filter((line) => String(line.path ?? '').includes('?')),
    ).toEqual([]);
  });
});
