import { isIP } from 'node:net';
import type { Context } from 'hono';
import type { AppEnv } from '../env';

/**
 * The key shared by every request from the network whose peer address cannot be read (a client that
 * reset its connection before it was read): limited together, never exempt.
 */
export const UNKNOWN_PEER = 'unknown-peer';

/**
 * The address a request came from, or null for requests handed to the app in-process (tests): only
 * a request with no incoming socket at all is one. By
 * default the socket's peer: X-Forwarded-For is written by whoever sends the request, so it is only
 * read when `TRUST_PROXY` says how many proxies of ours stand in front. Each proxy appends the
 * address it received the request from, so with N proxies the client is the Nth entry from the
 * right; entries further left were written by the client and are ignored.
 */
export function clientAddress(c: Context<AppEnv>): string | null {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  if (!incoming) return null;
  const peer = incoming.socket?.remoteAddress || UNKNOWN_PEER;
  const hops = c.var.config?.trustProxy ?? 0;
  if (hops > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const client = forwarded[forwarded.length - hops];
    if (client && isIP(client)) return client;
  }
  return peer;
}

/**
 * The address as a rate-limit key: IPv4 as is (also when IPv6-mapped), IPv6 by its /64 network, the
 * block one subscriber gets, so rotating through one's own addresses does not reset a limit.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The client's rate-limit key, or null in-process (where per-address limits do not apply). */
export function clientKey(c: Context<AppEnv>): string | null {
  const address = clientAddress(c);
  return address === null ? null : addressKey(address);
}
