import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getRequestListener, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import type { Envelope } from '../contract/envelope';

/** How long a stopping server goes on answering the requests it has, before it closes their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;
/**
 * How long a connection accepted but not yet used may take to send its request once the server stops:
 * a client that connected just before the stop has its request on the way, maybe in the kernel already.
 */
export const FIRST_REQUEST_MS = 1_000;

type Bindings = HttpBindings | Http2Bindings;
type Fetch = (request: Request, env: Bindings) => Response | Promise<Response>;
type Outgoing = Bindings['outgoing'];

export interface Stopped {
  /** Requests being answered when the stop began. */
  inFlight: number;
  /** Of those, the ones still unanswered at the deadline, whose connections were closed. */
  cut: number;
}

interface Connection {
  /** Requests it has brought, and how many of them are being answered. */
  requests: number;
  answering: number;
  /** Its last answer says `Connection: close`: nothing after it will be sent. */
  closing: boolean;
}

const STOPPING: Envelope<null> = {
  success: false,
  data: null,
  meta: { drop_cookies: [] },
  message: 'This server is stopping. Send the request again in a moment.',
};

/** Two turns of the event loop: at least one poll for connections and bytes the kernel already holds. */
const pollOnce = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
/** Node accepts one waiting connection per poll; past this many, accepting would not end. */
const MOST_WAITING = 1_000;

/**
 * The app on a Node HTTP server that stops the way a load balancer expects. It accepts the
 * connections the kernel already holds, then stops listening (new ones are refused); closes idle
 * keep-alive connections at once and connections never used after `FIRST_REQUEST_MS`; answers every
 * request it receives, each answer saying `Connection: close`; and closes connections still busy only
 * at the deadline. A request pipelined behind an answer that closes its connection is not processed
 * (answered 503, which the closing connection never sends): by HTTP's rules the client sends it again.
 */
export class HttpService {
  readonly server: Server;
  /** The app's fetch as this server calls it: requests are tracked per connection. */
  private readonly handle: Fetch;
  /** Answers being made, in the order their requests arrived, with their connections. */
  private readonly answering = new Map<Outgoing, Socket>();
  private readonly connections = new Map<Socket, Connection>();
  private stopping = false;
  /** Connections accepted so far. */
  private accepted = 0;
  private notListening: Promise<void> | null = null;
  private stopped: Promise<Stopped> | null = null;
  /** Once it no longer listens and its last connection has closed. */
  private readonly closed: Promise<void>;

  constructor(fetch: Fetch, options: { hostname?: string } = {}) {
    this.handle = (request, env) => {
      const { outgoing } = env;
      const socket: Socket = env.incoming.socket;
      const connection = this.connectionOf(socket);
      if (connection.closing) {
        outgoing.setHeader('Connection', 'close');
        return Response.json(STOPPING, {
          status: 503,
          headers: { 'Retry-After': '1', 'Cache-Control': 'no-store' },
        });
      }
      connection.requests += 1;
      connection.answering += 1;
      this.answering.set(outgoing, socket);
      if (this.stopping) this.closeAfter(outgoing, connection);
      outgoing.once('close', () => {
        this.answering.delete(outgoing);
        connection.answering -= 1;
        // A keep-alive answer whose headers left before the stop: its connection is idle now.
        if (this.stopping) setImmediate(() => this.server.closeIdleConnections());
      });
      return fetch(request, env);
    };
    this.server = createServer(getRequestListener(this.handle, { hostname: options.hostname }));
    this.closed = new Promise((resolve) => this.server.once('close', () => resolve()));
    this.server.on('connection', (socket: Socket) => {
      this.accepted += 1;
      // Read once while the connection is open: Node keeps the peer's address from then on, so a
      // client that resets the connection after sending its request is still counted by address.
      // (A connection reset before it is accepted has no address: it shares UNKNOWN_PEER's limits.)
      void socket.remoteAddress;
      this.connectionOf(socket);
      socket.once('close', () => this.connections.delete(socket));
    });
  }

  private connectionOf(socket: Socket): Connection {
    const known = this.connections.get(socket);
    if (known) return known;
    const connection: Connection = { requests: 0, answering: 0, closing: false };
    this.connections.set(socket, connection);
    return connection;
  }

  private closeAfter(outgoing: Outgoing, connection: Connection) {
    if (outgoing.headersSent) return;
    outgoing.setHeader('Connection', 'close');
    connection.closing = true;
  }

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

  /**
   * Stops listening, after accepting the connections the kernel already holds (closing the listener
   * would reset them). From now on every answer closes its connection. Resolves once it no longer listens.
   */
  stopListening(): Promise<void> {
    this.notListening ??= this.closeListener();
    return this.notListening;
  }

  /** Stops listening, answers what is in flight (up to `graceMs`), then resolves with how that went. */
  stop(graceMs = SHUTDOWN_GRACE_MS): Promise<Stopped> {
    this.stopped ??= this.drain(graceMs);
    return this.stopped;
  }

  private async closeListener(): Promise<void> {
    this.stopping = true;
    // Only the last answer on a connection closes it: one closing earlier would drop the requests
    // pipelined behind it, which are in flight too.
    const lastOnConnection = new Map<Socket, Outgoing>();
    for (const [outgoing, socket] of this.answering) lastOnConnection.set(socket, outgoing);
    for (const [socket, outgoing] of lastOnConnection) this.closeAfter(outgoing, this.connectionOf(socket));
    // Accepts the connections waiting in the kernel (one per poll), until a poll finds none.
    for (let polls = 0; polls < MOST_WAITING; polls++) {
      const accepted = this.accepted;
      await pollOnce();
      if (this.accepted === accepted) break;
    }
    // Node closes the idle keep-alive connections here too, and leaves those never used.
    this.server.close();
  }

  private async drain(graceMs: number): Promise<Stopped> {
    const inFlight = this.answering.size;
    let cut = 0;
    const deadline = setTimeout(() => {
      cut = this.answering.size;
      this.server.closeAllConnections();
    }, graceMs);
    await this.stopListening();
    const unused = setTimeout(() => {
      for (const [socket, connection] of this.connections) if (connection.requests === 0) socket.destroy();
    }, FIRST_REQUEST_MS);
    await this.closed;
    clearTimeout(deadline);
    clearTimeout(unused);
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
