import { type Customer, call, HttpFailure, signUp } from '../httpShop';
import { timeout } from './record';
import type { World } from './world';

/** One of the soak's clients: a visitor who may sign up, sign in, order and send files. */
export interface Client {
  customer: Customer | null;
  /** Orders it placed while signed in as `customer`, with the run a file can be sent for. */
  orders: { number: string; run: string }[];
  /** Its files that arrived whole. */
  files: { id: string; size: number }[];
}

export const newClient = (): Client => ({ customer: null, orders: [], files: [] });

export function pick<T>(list: readonly T[]): T {
  const one = list[Math.floor(Math.random() * list.length)];
  if (one === undefined) throw new Error('Nothing to pick from.');
  return one;
}

/** A GET or POST whose whole answer is read: its bytes, or an `HttpFailure` naming the answer. */
export async function fetchWhole(url: string, init: RequestInit = {}): Promise<Buffer> {
  const response = await fetch(url, { ...init, signal: timeout() });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (!response.ok)
    throw new HttpFailure(
      response.status,
      `${init.method ?? 'GET'} ${new URL(url).pathname}: ${response.status} ${bytes.toString('utf8', 0, 200)}`,
    );
  return bytes;
}

/** A new account of a company of its own, signed in: the server acknowledged it, so it must be kept. */
export async function signUpAs(client: Client, world: World): Promise<Customer | null> {
  const customer = await world.record.timed('sign-up', () => signUp(world.base, 'soak'));
  if (!customer) return null;
  world.record.accounts.push(customer.email);
  Object.assign(client, { ...newClient(), customer });
  return customer;
}

/** The client's customer, signing up first when it has none. */
export const signedIn = async (client: Client, world: World) => client.customer ?? signUpAs(client, world);

/** An API call under `/api/v1` with the soak's time limit. */
export const apiCall = <T>(
  world: World,
  method: 'GET' | 'POST',
  route: string,
  options: { token?: string; body?: unknown } = {},
) => call<T>(world.base, method, route, { ...options, signal: timeout() });
