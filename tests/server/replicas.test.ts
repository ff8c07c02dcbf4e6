import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { postgresDatabase } from '../support/postgres';
import { api, type ServerProcess, spawnServer } from '../support/serverProcess';
import { BILLING } from './shop';

/**
 * ARCHITECTURE.md, Scaling past one machine: the API keeps nothing in memory that matters, so
 * replicas on one PostgreSQL behave as one server. Two real processes, started at once on an empty
 * database: it is migrated and seeded once, a customer moves between them at every step, and rate
 * limits and sign-outs hold on both.
 */

const serverUrl = inject('postgresUrl');
const PASSWORD = 'correct horse battery';
/** Five failed sign-ins for one account from one address are allowed, the sixth is refused. */
const LIMITS = {
  LIMIT_LOGIN_PER_ACCOUNT_ADDRESS: '5/15m',
  LIMIT_LOGIN_PER_ADDRESS: '100/15m',
  LIMIT_LOGIN_PER_ACCOUNT: '100/1h',
  LIMIT_REGISTER_PER_ADDRESS: '100/1h',
};

let registered = 0;
async function register(on: ServerProcess) {
  registered += 1;
  const email = `replica-${on.pid}-${registered}@replicas.example`;
  const answer = await api(on.baseURL, 'POST', '/register', {
    body: {
      email,
      password: PASSWORD,
      firstname: 'Rae',
      lastname: 'Replica',
      company: `Replicas ${on.pid} ${registered}`,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return email;
}

async function signIn(on: ServerProcess, email: string) {
  const answer = await api<{ token: string }>(on.baseURL, 'POST', '/login', {
    body: { email, password: PASSWORD },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.token;
}

describe.skipIf(!serverUrl)('two API processes on one PostgreSQL', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let database: Awaited<ReturnType<typeof postgresDatabase>> | undefined;

  beforeAll(async () => {
    database = await postgresDatabase(serverUrl ?? '', 'replicas');
    [a, b] = await Promise.all([
      spawnServer({ DATABASE_URL: database.url, ...LIMITS }),
      spawnServer({ DATABASE_URL: database.url, ...LIMITS }),
    ]);
    await Promise.all([a.ready, b.ready]);
  }, 300_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  it('seed an empty database once between them', async () => {
    const seedings = `${a.output()}${b.output()}`.match(/Seeding the catalogue/g) ?? [];
    expect(seedings).toHaveLength(1);
    const rows = await database?.query<{ media: number }>('select count(*)::int as media from media');
    expect(rows).toEqual([{ media: 5382 }]);
  });

  it('serve one customer together: sign in on A, add to the cart on B, order on A, see it on B', async () => {
    const email = await register(b);
    const token = await signIn(a, email);
    const [placement] =
      (await database?.query<{ mediacode: string }>(
        "select mediacode from media where media_type = 'tv' and prodcode is not null order by mediacode limit 1",
      )) ?? [];
    if (!placement) throw new Error('No TV placement in the seed');
    const availability = await api<{ options: { value: string; available: boolean }[] }>(
      b.baseURL,
      'GET',
      `/media/${placement.mediacode}/availability`,
    );
    const date = availability.body.data.options.find((option) => option.available)?.value;
    const added = await api<{ uuid: string; contents: { items: { id: number }[] } }>(
      b.baseURL,
      'POST',
      '/checkout/item/create',
      { token, body: { mediacode: placement.mediacode, dates: [date], quantity: 5 } },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const cart = added.body.data;

    const placed = await api<{ orders: { number: string }[] }>(
      a.baseURL,
      'POST',
      `/checkout/${cart.uuid}/place`,
      {
        token,
        body: {
          billing: BILLING,
          idempotency_key: `replicas-${randomBytes(8).toString('hex')}`,
          item_ids: cart.contents.items.map((item) => item.id),
        },
      },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const numbers = placed.body.data.orders.map((order) => order.number);
    expect(numbers).toHaveLength(1);

    const listed = await api<{ orders: { number: string }[] }>(b.baseURL, 'GET', '/orders', { token });
    expect(listed.body.data.orders.map((order) => order.number)).toEqual(numbers);
  });

  it('count failed sign-ins on both against one limit', async () => {
    const email = await register(a);
    const statuses: number[] = [];
    for (const on of [a, b, a, b, a, b]) {
      const answer = await api(on.baseURL, 'POST', '/login', {
        body: { email, password: 'not the password' },
      });
      statuses.push(answer.status);
    }
    // Counted per process, B's sixth attempt would have been its third.
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    const rightPassword = await api(a.baseURL, 'POST', '/login', { body: { email, password: PASSWORD } });
    expect(rightPassword.status).toBe(429);
  });

  it('end a sign-in on both when it ends on one', async () => {
    const token = await signIn(a, await register(b));
    expect((await api(b.baseURL, 'GET', '/me', { token })).status).toBe(200);
    expect((await api(a.baseURL, 'POST', '/logout', { token })).status).toBe(200);
    const after = await Promise.all([a, b].map((on) => api(on.baseURL, 'GET', '/me', { token })));
    expect(after.map((answer) => answer.status)).toEqual([401, 401]);
  });
});
