import { randomBytes } from 'node:crypto';
import type { BillingContact } from '../../contract/cart';

/**
 * A customer's steps against a server over HTTP (a real process, not the app in-process): sign up,
 * order a placement, send an ad file through tus. The tests of what only a process has and the soak
 * run share them.
 */

export interface Envelope<T> {
  success: boolean;
  data: T;
  message: string;
}

export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A JSON call under `/api/v1` that must succeed: its data, or an `HttpFailure` naming the answer. */
export async function call<T>(
  base: string,
  method: 'GET' | 'POST',
  route: string,
  options: { token?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}/api/v1${route}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  if (!response.ok) throw new HttpFailure(response.status, `${method} ${route}: ${response.status} ${text}`);
  return (JSON.parse(text) as Envelope<T>).data;
}

export const PASSWORD = 'correct horse battery';

export interface Customer {
  email: string;
  token: string;
}

/** A new customer of a company of their own, signed in. */
export async function signUp(base: string, tag: string): Promise<Customer> {
  const email = `${tag}-${randomBytes(4).toString('hex')}@http-shop.example`;
  const user = await call<{ token: string }>(base, 'POST', '/register', {
    body: { email, password: PASSWORD, firstname: 'Pat', lastname: 'Buyer', company: `Buyer ${tag}` },
  });
  return { email, token: user.token };
}

/** A billing contact for placing orders in tests. */
export const BILLING: BillingContact = {
  name: 'Dana Reyes',
  email: 'billing@bakery.example',
  phone: '(312) 555-0100',
  company: 'Reyes Bakery',
  address: '1 Main St',
  city: 'Chicago',
  state: 'IL',
  zip: '60601',
};

/** The first placement of a type the shop lists for a zip code, and its first date on sale. */
export async function firstOnSale(
  base: string,
  type: string,
  zip: string,
): Promise<{ mediacode: string; date: string }> {
  const found = await call<{ items: { mediacode: string }[] }>(
    base,
    'POST',
    `/media/search?media_types[]=${type}&zip[]=${zip}&per_page=5`,
  );
  for (const { mediacode } of found.items) {
    const dates = await call<{ options: { value: string; available: boolean }[] }>(
      base,
      'GET',
      `/media/${mediacode}/availability`,
    );
    const open = dates.options.find((option) => option.available);
    if (open) return { mediacode, date: open.value };
  }
  throw new Error(`No ${type} placement near ${zip} has a date on sale.`);
}

export interface Placed {
  orders: { number: string }[];
}

/** Puts one placement in a new cart and orders it (design work has no date): the answer lists the orders placed. */
export async function orderOne(
  base: string,
  token: string,
  item: { mediacode: string; date: string | null },
  key = randomBytes(12).toString('hex'),
): Promise<Placed> {
  const cart = await call<{ uuid: string; contents: { items: { id: number }[] } }>(
    base,
    'POST',
    '/checkout/item/create',
    { token, body: { mediacode: item.mediacode, dates: item.date ? [item.date] : [], quantity: 1 } },
  );
  return call<Placed>(base, 'POST', `/checkout/${cart.uuid}/place`, {
    token,
    body: { billing: BILLING, idempotency_key: key, item_ids: cart.contents.items.map((i) => i.id) },
  });
}

const TUS = { 'Tus-Resumable': '1.0.0' };

const metadataHeader = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** Creates a tus upload: its path (`/api/v1/uploads/{id}`). */
export async function createUpload(
  base: string,
  token: string,
  length: number,
  metadata: Record<string, string>,
  signal?: AbortSignal,
): Promise<string> {
  const response = await fetch(`${base}/api/v1/uploads`, {
    method: 'POST',
    signal,
    headers: {
      ...TUS,
      authorization: `Bearer ${token}`,
      'Upload-Length': String(length),
      'Upload-Metadata': metadataHeader(metadata),
    },
  });
  const location = response.headers.get('location');
  if (response.status !== 201 || !location)
    throw new HttpFailure(response.status, `POST /uploads: ${response.status} ${await response.text()}`);
  return new URL(location, base).pathname;
}

/** The bytes the server has of an upload. */
export async function uploadOffset(
  base: string,
  token: string,
  path: string,
  signal?: AbortSignal,
): Promise<number> {
  const response = await fetch(`${base}${path}`, {
    method: 'HEAD',
    signal,
    headers: { ...TUS, authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new HttpFailure(response.status, `HEAD ${path}: ${response.status}`);
  return Number(response.headers.get('upload-offset'));
}

/** Sends `bytes` at `offset`: the new offset. */
export async function sendPart(
  base: string,
  token: string,
  path: string,
  offset: number,
  bytes: Uint8Array<ArrayBuffer>,
  signal?: AbortSignal,
): Promise<number> {
  const response = await fetch(`${base}${path}`, {
    method: 'PATCH',
    signal,
    headers: {
      ...TUS,
      authorization: `Bearer ${token}`,
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    },
    body: bytes,
  });
  if (response.status !== 204) throw new HttpFailure(response.status, `PATCH ${path}: ${response.status}`);
  return Number(response.headers.get('upload-offset'));
}

/** Sends a whole file through tus in parts of `partBytes`: the file's id. */
export async function uploadFile(
  base: string,
  token: string,
  bytes: Uint8Array<ArrayBuffer>,
  metadata: Record<string, string>,
  partBytes = 5 * 1024 * 1024,
): Promise<string> {
  const path = await createUpload(base, token, bytes.length, metadata);
  let offset = 0;
  while (offset < bytes.length)
    offset = await sendPart(base, token, path, offset, bytes.subarray(offset, offset + partBytes));
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Waits for a file's checks to end (it leaves `uploading` and `checking`): its status. */
export async function checkedStatus(
  base: string,
  token: string,
  id: string,
  within = 30_000,
): Promise<string> {
  const deadline = Date.now() + within;
  for (;;) {
    const file = await call<{ status: string }>(base, 'GET', `/files/${id}`, { token });
    if (file.status !== 'uploading' && file.status !== 'checking') return file.status;
    if (Date.now() > deadline) throw new Error(`File ${id} was still ${file.status} after ${within} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
