import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Harness } from './harness';

/** A harness's app served on a free loopback port, as a server process serves it, until `close`. */
export async function onLoopback(app: Harness['app']): Promise<{ port: number; close(): Promise<void> }> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
