import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { inspectRoutes } from 'hono/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../contract/cart';
import { STAFF_ROLES, type StaffRole, staffCan } from '../../contract/staff';
import { ADMIN_ROUTES, type AdminRoute } from '../../contract/staffRoutes';
import { invoices, users } from '../../server/db/schema';
import { E2E_SERVER_ENV } from '../e2e/serverEnv';
import { DRIVERS, type Harness } from './harness';
import { customer, onlyNumber, placeOrders, settableClock } from './orderShop';
import { caller, marketOfZip, placement } from './shop';
import { staffSession } from './staffFixtures';

/*
 * Staff and customers are kept apart by construction (their tokens live in different tables); this
 * proves it route by route, from the app's own route list, so a route added later is covered
 * without anyone remembering to: (a) every customer route answers a staff token exactly as it answers
 * no token, (b) every admin route is in contract/staffRoutes.ts, refuses customers and no token with
 * 401, and answers each role 403 exactly where its permission leaves the role out.
 */

const ADMIN = '/api/v1/admin';
const key = (method: string, path: string) => `${method} ${path}`;

interface Served {
  method: string;
  path: string;
}

/** Every route the app answers under /api/v1 (Hono's flattened list; middleware left out). */
function servedRoutes(h: Harness): Served[] {
  const seen = new Map<string, Served>();
  for (const r of inspectRoutes(h.app)) {
    if (r.isMiddleware || !r.path.startsWith('/api/v1/')) continue;
    seen.set(key(r.method, r.path), { method: r.method, path: r.path });
  }
  return [...seen.values()];
}

describe.each(DRIVERS)('staff and customer tokens route by route on %s', (_name, open) => {
  let h: Harness;
  const clock = settableClock('2027-01-11T09:00:00Z');
  const call = caller(() => h);
  let values: Record<string, string> = {};
  let shopper = '';
  /** The customer's credential for each route: the access token, but a refresh token where a route renews one. */
  let customerToken: (route: Served) => string = () => shopper;
  const staffTokens = {} as Record<StaffRole, string>;

  beforeAll(async () => {
    // Every call below comes from one in-process client: the per-address limits must not count them.
    h = await open({ clock: clock.now, env: { ...E2E_SERVER_ENV } });
    const tv = (await placement(h, 'tv', { prodcode: await marketOfZip(h, '60601') })).mediacode;
    const buyer = await customer(call);
    shopper = buyer.token;
    const number = onlyNumber(
      await placeOrders(call, shopper, [{ mediacode: tv, dates: ['2027-01-25'], quantity: 5 }]),
    );
    const signedIn = await call('POST', '/login', {
      body: { email: buyer.email, password: 'correct horse battery' },
    });
    const refresh = signedIn.body.meta.drop_cookies.find((cookie) => cookie.value !== null)?.value ?? '';
    customerToken = (route) => (route.path === '/api/v1/login/refresh' ? refresh : shopper);
    const cart = await call<Cart>('POST', '/checkout/item/create', {
      token: shopper,
      body: { mediacode: tv, dates: ['2027-02-01'], quantity: 5 },
    });
    const [user] = await h.database.db
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(eq(users.email, buyer.email));
    const [invoice] = await h.database.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.companyId, user?.companyId ?? 0))
      .orderBy(desc(invoices.id));
    // Each path parameter gets a value of the customer's where one exists, so a route reaches past its lookups.
    values = {
      mediacode: tv,
      orderNumber: number,
      number: invoice?.number ?? number,
      file: invoice?.number ?? '',
      cartId: cart.body.data.uuid,
      itemId: String(cart.body.data.contents.items[0]?.id ?? ''),
      uuid: user?.id ?? randomUUID(),
      id: randomUUID(),
      run: '2027-01-25',
      n: '1',
      aid: '1',
      kind: 'mail.compose',
    };
    for (const role of STAFF_ROLES)
      staffTokens[role] = (await staffSession(h, role, { now: clock.now() })).token;
  });
  afterAll(() => h.close());

  const filled = (path: string) =>
    path
      .replace(/:(\w+)/g, (_all, name: string) => encodeURIComponent(values[name] ?? randomUUID()))
      .replace(/\*$/, randomUUID());

  const send = async (route: Served, token?: string) => {
    const response = await h.app.request(filled(route.path), {
      method: route.method === 'ALL' ? 'GET' : route.method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    await response.arrayBuffer();
    return response.status;
  };

  it('answers a staff token on every customer route exactly as it answers no token', async () => {
    const routes = servedRoutes(h)
      .filter((r) => !r.path.startsWith(`${ADMIN}/`) && !r.path.startsWith('/api/v1/dev/'))
      // Signing out ends the customer's token: last.
      .sort((a, b) => Number(a.path === '/api/v1/logout') - Number(b.path === '/api/v1/logout'));
    expect(routes.length).toBeGreaterThan(80);
    const differing: string[] = [];
    const closedToCustomers: string[] = [];
    for (const route of routes) {
      const anonymous = await send(route);
      const staff = await send(route, staffTokens.admin);
      if (staff !== anonymous)
        differing.push(`${key(route.method, route.path)}: ${anonymous} anonymous, ${staff} staff`);
      if (anonymous === 401 && (await send(route, customerToken(route))) === 401)
        closedToCustomers.push(key(route.method, route.path));
    }
    expect(differing).toEqual([]);
    // A 401 that a customer gets too would prove nothing about staff tokens.
    expect(closedToCustomers).toEqual([]);
  });

  it('serves exactly the admin routes of contract/staffRoutes.ts', () => {
    const served = servedRoutes(h)
      .filter((r) => r.path.startsWith(`${ADMIN}/`))
      .map((r) => key(r.method, r.path.slice(ADMIN.length)))
      .sort();
    expect(served).toEqual(ADMIN_ROUTES.map((r) => key(r.method, r.path)).sort());
  });

  it('refuses no token and customer tokens with 401, and each role exactly where its permission leaves it out', async () => {
    const table = new Map(ADMIN_ROUTES.map((r) => [key(r.method, r.path), r] as const));
    const routes = servedRoutes(h)
      .filter((r) => r.path.startsWith(`${ADMIN}/`))
      // Signing out ends each role's token: last.
      .sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
    const wrong: string[] = [];
    for (const route of routes) {
      const name = key(route.method, route.path.slice(ADMIN.length));
      const row: AdminRoute | undefined = table.get(name);
      if (!row) continue; // named by the test above
      if (row.permission === 'public') continue;
      const anonymous = await send(route);
      const asCustomer = await send(route, shopper);
      if (anonymous !== 401) wrong.push(`${name}: ${anonymous} without a token`);
      if (asCustomer !== 401) wrong.push(`${name}: ${asCustomer} with a customer token`);
      for (const role of STAFF_ROLES) {
        const status = await send(route, staffTokens[role]);
        const allowed = staffCan(role, row.permission);
        if (!allowed && status !== 403) wrong.push(`${name}: ${status} for ${role}, expected 403`);
        if (allowed && (status === 401 || status === 403))
          wrong.push(`${name}: ${status} for ${role}, who may`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
