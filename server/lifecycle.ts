import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import type { Envelope } from '../contract/envelope';

/** How long a stopping server goes on answering the requests it has, before it closes their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;

type Bindings = HttpBindings | Http2Bindings;
type Fetch = (request: Request, env: Bindings) => Response | Promise<Response>;
type Outgoing = Bindings['outgoing'];

export interface Stopped {
  /** Requests being answered when the stop began. */
  inFlight: number;
  /** Of those, the ones still unanswered at the deadline, whose connections were closed. */
  cut: number;
}

const STOPPING: Envelope<null> = {
  success: false,
  data: null,
  meta: { drop_cookies: [] },
  message: 'This server is stopping. Send the request again in a moment.',
};

/**
 * The app on a Node HTTP server that stops the way a load balancer expects: it stops listening,
 * closes idle keep-alive connections at once, answers every request it has received, and closes a
 * connection still busy only at the deadline. The last answer on each connection says
 * `Connection: close`, so no client sends another request on it; a request that still starts after
 * the stop began (its headers were on their way) is answered 503 with `Connection: close`: not
 * processed, so safe to send again, to this server once restarted or to another.
 */
export class HttpService {
  readonly server: Server;
  /** Answers being made, in the order their requests arrived. */
  private readonly answering = new Set<Outgoing>();
  private stopping: Promise<Stopped> | null = null;

  constructor(fetch: Fetch, options: { hostname?: string } = {}) {
    this.handle = (request, env) => {
      const { outgoing } = env;
      if (this.stopping) {
        outgoing.setHeader('Connection', 'close');
        return Response.json(STOPPING, {
          status: 503,
          headers: { 'Retry-After': '1', 'Cache-Control': 'no-store' },
        });
      }
      this.answering.add(outgoing);
      outgoing.once('close', () => {
        this.answering.delete(outgoing);
        // A keep-alive answer whose headers left before the stop: its connection is idle now.
        if (this.stopping) setImmediate(() => this.server.closeIdleConnections());
      });
      return fetch(request, env);
    };
    this.server = createServer(getRequestListener(this.handle, { hostname: options.hostname }));
  }

  /** The app's fetch as this server calls it: in-flight requests are tracked, late ones answered 503. */
  readonly handle: Fetch;

  /** Listens like @hono/node-server's `serve`: `ready` is called with the address once it does. */
  listen(options: { port: number; hostname: string }, ready: (info: AddressInfo) => void): Server {
    this.server.listen(options.port, options.hostname, () => {
      const address = this.server.address();
      if (address && typeof address === 'object') ready(address);
    });
    return this.server;
  }

  /** Requests being answered now. */
  get inFlight(): number {
    return this.answering.size;
  }

  /** Stops accepting, answers what is in flight (up to `graceMs`), then resolves with how that went. */
  stop(graceMs = SHUTDOWN_GRACE_MS): Promise<Stopped> {
    this.stopping ??= this.drain(graceMs);
    return this.stopping;
  }

  private async drain(graceMs: number): Promise<Stopped> {
    const inFlight = this.answering.size;
    // Only the last answer on a connection closes it: one closing earlier would drop the requests
    // pipelined behind it, which are in flight too.
    const lastOnConnection = new Map<unknown, Outgoing>();
    for (const outgoing of this.answering) lastOnConnection.set(outgoing.req.socket, outgoing);
    for (const outgoing of lastOnConnection.values()) {
      if (!outgoing.headersSent) outgoing.setHeader('Connection', 'close');
    }
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeIdleConnections();
    let cut = 0;
    const deadline = setTimeout(() => {
      cut = this.answering.size;
      this.server.closeAllConnections();
    }, graceMs);
    await closed;
    clearTimeout(deadline);
    return { inFlight, cut };
  }
}

/** Whether `work` (the app's after-answer work) finished within `ms`. */
export async function settledWithin(work: { settled(): Promise<void> }, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.settled().then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}
