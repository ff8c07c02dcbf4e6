import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { UserData } from '../../contract/auth';
import type { Cart } from '../../contract/cart';
import { type EddmCart, type EddmZip, eddmCart, eddmZip } from '../../contract/directMail';
import { envelope, type Meta } from '../../contract/envelope';
import { type Availability, availability } from '../../contract/quote';
import { media, zips } from '../../server/db/schema';
import type { Schedule } from '../../server/pricing/schedule';
import type { Harness } from './harness';

/** Helpers shared by the market, quote, cart and order tests. */

export interface Answer<T = unknown> {
  success: boolean;
  data: T;
  meta: Meta;
  message: string;
}

export interface CallOptions {
  /** A JSON body, or form fields when `form` is set (arrays become repeated fields). */
  body?: unknown;
  form?: boolean;
  token?: string;
  /** The Cookie header, as a browser would send it. */
  cookie?: string;
}

export function caller(h: () => Harness) {
  return async <T = unknown>(method: 'GET' | 'POST' | 'PUT', path: string, options: CallOptions = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    let body: string | undefined;
    if (options.body !== undefined) {
      if (options.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(options.body as Record<string, unknown>)) {
          for (const one of [value].flat()) params.append(key, String(one));
        }
        body = params.toString();
      } else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
    }
    const response = await h().app.request(`/api/v1${path}`, { method, headers, body });
    return { status: response.status, body: (await response.json()) as Answer<T> };
  };
}

export type Call = ReturnType<typeof caller>;

let accounts = 0;

/** A new customer account (its own company), signed in. */
export async function register(call: Call, company?: string) {
  accounts += 1;
  const tag = `${Date.now().toString(36)}${accounts}`;
  const answer = await call<UserData>('POST', '/register', {
    body: {
      email: `shopper${tag}@shop.example`,
      password: 'correct horse battery',
      firstname: 'Sam',
      lastname: 'Shopper',
      company: company ?? `Shopper & Co ${tag}`,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { token: answer.body.data.token, user: answer.body.data };
}

/** The market of a zip code. */
export async function marketOfZip(h: Harness, zip: string): Promise<string> {
  const [row] = await h.database.db.select({ prodcode: zips.prodcode }).from(zips).where(eq(zips.zip, zip));
  if (!row) throw new Error(`No zip ${zip}`);
  return row.prodcode;
}

/**
 * The first placement (by code) of a type, in a market or national, optionally with the schedule rules
 * given (`{ issueMonths: [1, 4, 7, 10] }`: the first quarterly of that calendar).
 */
export async function placement(
  h: Harness,
  type: string,
  options: { prodcode?: string; partner?: string; schedule?: Partial<Schedule> } = {},
) {
  const rows = await h.database.db
    .select()
    .from(media)
    .where(
      and(
        eq(media.mediaType, type),
        options.prodcode ? eq(media.prodcode, options.prodcode) : undefined,
        options.partner ? eq(media.partner, options.partner) : undefined,
        ...Object.entries(options.schedule ?? {}).map(
          ([key, value]) => sql`${media.schedule} -> ${key} = ${JSON.stringify(value)}::jsonb`,
        ),
        type === 'custom' || type === 'email' ? undefined : isNotNull(media.prodcode),
      ),
    )
    .orderBy(media.mediacode)
    .limit(1);
  const row = rows[0];
  if (!row) throw new Error(`No ${type} placement for ${JSON.stringify(options)}`);
  return row;
}

export async function availabilityOf(call: Call, mediacode: string): Promise<Availability> {
  const answer = await call<Availability>('GET', `/media/${mediacode}/availability`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return availability.parse(answer.body.data);
}

/** The first `count` available dates of a placement. */
export async function availableDates(call: Call, mediacode: string, count: number): Promise<string[]> {
  const found = (await availabilityOf(call, mediacode)).options
    .filter((o) => o.available)
    .map((o) => o.value);
  expect(found.length).toBeGreaterThanOrEqual(count);
  return found.slice(0, count);
}

/**
 * An every-door mailing to the first three carrier routes of 60614 for the drop week given, into the
 * shopper's cart (or the one named): the cart answered, and the routes.
 */
export async function everyDoorMailing(call: Call, dropWeek: string, options: { token?: string } = {}) {
  const zip = envelope(eddmZip).parse((await call<EddmZip>('GET', '/eddm/zip?zip=60614')).body).data;
  const routes = zip.routes.slice(0, 3).map((r) => r.routecode);
  const selection = await call<EddmCart>('POST', '/eddm/cart', { body: { routes } });
  const { id } = envelope(eddmCart).parse(selection.body).data;
  const created = await call<Cart>('POST', '/eddm/campaign/create', {
    token: options.token,
    body: { eddmcartid: id, date_start: dropWeek },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { cart: created.body.data, routes };
}

export const cartCookie = (answer: Answer) =>
  answer.meta.drop_cookies.find((c) => c.name === 'adlane_cart_id');

/** A billing contact for placing orders in tests. */
export { BILLING } from '../support/httpShop';
