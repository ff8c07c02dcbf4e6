import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../server/env';
import { clientKey, UNKNOWN_PEER } from '../../server/http/clientAddress';

/** An app answering the request's rate-limit key, as the per-address limits read it. */
const app = new Hono<AppEnv>().get('/', (c) => c.json({ key: clientKey(c) }));

const keyOf = async (env: unknown, headers: Record<string, string> = {}) =>
  ((await (await app.request('/', { headers }, env)).json()) as { key: string | null }).key;

describe('the rate-limit key of a request (server/http/clientAddress.ts)', () => {
  it('is null only in-process, with no incoming socket at all', async () => {
    expect(await keyOf(undefined)).toBeNull();
    expect(await keyOf({})).toBeNull();
  });

  it('is the peer’s address, an IPv6 one by its /64 network', async () => {
    expect(await keyOf({ incoming: { socket: { remoteAddress: '203.0.113.9' } } })).toBe('203.0.113.9');
    expect(await keyOf({ incoming: { socket: { remoteAddress: '2001:db8:1:2:3:4:5:6' } } })).toBe(
      '2001:db8:1:2::/64',
    );
  });

  it('is one shared, limited key when the peer cannot be read (a client that reset its connection)', async () => {
    expect(await keyOf({ incoming: { socket: {} } })).toBe(UNKNOWN_PEER);
    expect(await keyOf({ incoming: { socket: { remoteAddress: undefined } } })).toBe(UNKNOWN_PEER);
    // A forged X-Forwarded-For does not replace it when no proxy is trusted.
    expect(await keyOf({ incoming: {} }, { 'x-forwarded-for': '198.51.100.7' })).toBe(UNKNOWN_PEER);
  });
});
