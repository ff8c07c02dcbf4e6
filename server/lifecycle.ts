import { createServer, type Server } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { getRequestListener, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import type { Envelope } from '../contract/envelope';
import { acceptWaitingThenClose, pollOnce, SHUTDOWN_GRACE_MS } from './shutdown';

/**
 * How long a connection accepted but not yet used may take to send its request once the server stops:
 * a client that connected just before the stop has its request on the way, maybe in the kernel already.
 */
export const FIRST_REQUEST_MS = 1_000;
/** How long a stopping server leaves a keep-alive connection idle before closing it. */
const IDLE_GRACE_MS = 500;
/** How often Node looks for connections past their headers' deadline (its default is every 30 s). */
const TIMEOUT_CHECK_MS = 1_000;

type Bindings = HttpBindings | Http2Bindings;
type Fetch = (request: Request, env: Bindings) => Response | Promise<Response>;
type Outgoing = Bindings['outgoing'];

export interface Stopped {
  /**
   * Requests in flight when the stop began: being answered, arriving (some of their bytes are in), or
   * arriving while the stop still took the connections the kernel held.
   */
  inFlight: number;
  /** Requests answered from the start of the stop to its end. */
  answered: number;
  /** Of those in flight, the ones still unanswered at the deadline, whose connections were closed. */
  cut: number;
}

interface Connection {
  socket: Socket;
  /** Requests it has brought, and how many of them are being answered. */
  requests: number;
  answering: number;
  /** Its last answer says `Connection: close`: nothing after it will be sent. */
  closing: boolean;
  /** The bytes it had sent when its last answer went out: more since then are a request arriving. */
  readWhenIdle: number;
}

const STOPPING: Envelope<null> = {
  success: false,
  data: null,
  meta: { drop_cookies: [] },
  message: 'This server is stopping. Send the request again in a moment.',
};

export interface HttpServiceOptions {
  hostname?: string;
  /** How long a client may take to send a request's line and headers (`REQUEST_HEADERS_TIMEOUT`). */
  headersTimeoutMs?: number;
}

/**
 * The app on a Node HTTP server that stops the way a load balancer expects. It either listens itself
 * or takes the connections a supervisor accepted for it (`accept`). On a stop it accepts the
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
  private readonly answering = new Map<Outgoing, Connection>();
  private readonly connections = new Map<Socket, Connection>();
  private stopping = false;
  private listening = false;
  /** Node's tracking of connections has been started for handed-over connections. */
  private tracking = false;
  private idleSweep: NodeJS.Timeout | null = null;
  /** Connections taken so far, requests begun so far, and answers sent whole so far. */
  private accepted = 0;
  private begun = 0;
  private finished = 0;
  /** Requests in flight when the stop began (known once it no longer listens). */
  private inFlightAtStop = 0;
  private notListening: Promise<void> | null = null;
  private stopped: Promise<Stopped> | null = null;
  /** Called once it no longer listens and its last connection has closed. */
  private onDrained: (() => void) | null = null;

  constructor(fetch: Fetch, options: HttpServiceOptions = {}) {
    this.handle = (request, env) => {
      const { outgoing } = env;
      const connection = this.connectionOf(env.incoming.socket);
      if (connection.closing) {
        outgoing.setHeader('Connection', 'close');
        return Response.json(STOPPING, {
          status: 503,
          headers: { 'Retry-After': '1', 'Cache-Control': 'no-store' },
        });
      }
      connection.requests += 1;
      connection.answering += 1;
      this.begun += 1;
      this.answering.set(outgoing, connection);
      if (this.stopping) this.closeAfter(outgoing, connection);
      outgoing.once('finish', () => {
        this.finished += 1;
      });
      outgoing.once('close', () => {
        this.answering.delete(outgoing);
        connection.answering -= 1;
        connection.readWhenIdle = connection.socket.bytesRead;
        // A keep-alive answer whose headers left before the stop: its connection is idle now.
        if (this.stopping) this.closeIdleSoon();
      });
      return fetch(request, env);
    };
    this.server = createServer(
      {
        // Node's own whole-request deadline would also end uploads that are still arriving, only slowly:
        // bodies have their deadline in the app (server/http/bodyDeadline.ts), headers here.
        requestTimeout: 0,
        headersTimeout: options.headersTimeoutMs ?? 20_000,
        connectionsCheckingInterval: TIMEOUT_CHECK_MS,
      },
      getRequestListener(this.handle, { hostname: options.hostname }),
    );
    this.server.on('connection', (socket: Socket) => {
      this.accepted += 1;
      // Read once while the connection is open: Node keeps the peer's address from then on, so a
      // client that resets the connection after sending its request is still counted by address.
      // (A connection reset before it is accepted has no address: it shares UNKNOWN_PEER's limits.)
      void socket.remoteAddress;
      this.connectionOf(socket);
      socket.once('close', () => {
        this.connections.delete(socket);
        this.checkDrained();
      });
    });
  }

  private connectionOf(socket: Socket): Connection {
    const known = this.connections.get(socket);
    if (known) return known;
    const connection: Connection = { socket, requests: 0, answering: 0, closing: false, readWhenIdle: 0 };
    this.connections.set(socket, connection);
    return connection;
  }

  private closeAfter(outgoing: Outgoing, connection: Connection) {
    if (outgoing.headersSent) return;
    outgoing.setHeader('Connection', 'close');
    connection.closing = true;
  }

  private checkDrained() {
    if (this.onDrained && !this.listening && this.connections.size === 0) this.onDrained();
  }

  /** Listens like @hono/node-server's `serve`: `ready` is called with the address once it does. */
  listen(options: { port: number; hostname: string }, ready: (info: AddressInfo) => void): Server {
    this.listening = true;
    this.server.listen(options.port, options.hostname, () => {
      const address = this.server.address();
      if (address && typeof address === 'object') ready(address);
    });
    return this.server;
  }

  /** Serves a connection another process accepted (the supervisor's), as if this server had. */
  accept(socket: Socket): void {
    // Node tracks a server's connections (the headers' deadline, closing idle ones on a stop) from
    // its 'listening' event; a server that only takes handed-over connections never listens.
    if (!this.tracking) {
      this.tracking = true;
      this.server.emit('listening');
    }
    this.server.emit('connection', socket);
    // A socket handed over arrives paused (the supervisor never read from it).
    socket.resume();
  }

  /** Requests being answered now, and requests arriving (bytes in, not yet handed to the app). */
  get inFlight(): number {
    return this.answering.size + this.arriving();
  }

  /**
   * Requests in flight when the stop began: being answered, arriving, or on connections the kernel
   * held then. Known once `stopListening` has resolved (0 before).
   */
  get inFlightWhenStopped(): number {
    return this.inFlightAtStop;
  }

  private arriving(): number {
    let arriving = 0;
    for (const connection of this.connections.values())
      if (connection.answering === 0 && connection.socket.bytesRead > connection.readWhenIdle) arriving += 1;
    return arriving;
  }

  /**
   * Stops listening, after accepting the connections the kernel already holds (closing the listener
   * would reset them) and reading the requests they bring. From now on every answer closes its
   * connection. Resolves once it no longer listens.
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
    const answering = this.answering.size;
    const begun = this.begun;
    // Only the last answer on a connection closes it: one closing earlier would drop the requests
    // pipelined behind it, which are in flight too.
    const lastOnConnection = new Map<Connection, Outgoing>();
    for (const [outgoing, connection] of this.answering) lastOnConnection.set(connection, outgoing);
    for (const [connection, outgoing] of lastOnConnection) this.closeAfter(outgoing, connection);
    if (this.listening) {
      // Only the listener: http.Server's close would also close the keep-alive connections idle
      // this instant, with the next request perhaps already in their buffers (reset, never read).
      const server = this.server;
      await acceptWaitingThenClose(
        { close: () => net.Server.prototype.close.call(server) },
        () => this.accepted,
      );
      this.listening = false;
    }
    // The bytes the last connections brought are read in this poll, so their requests count.
    await pollOnce();
    this.inFlightAtStop = answering + (this.begun - begun) + this.arriving();
    this.closeIdleSoon();
  }

  /**
   * Closes the keep-alive connections still idle a moment from now. A client between two requests
   * sends its next one meanwhile and gets its answer with `Connection: close`, instead of a reset
   * that cannot tell it whether its request ran; the poll first reads any request already in a
   * buffer, whose connection is then busy, not idle.
   */
  private closeIdleSoon(): void {
    if (this.idleSweep) return;
    this.idleSweep = setTimeout(() => {
      void pollOnce().then(() => {
        this.idleSweep = null;
        this.server.closeIdleConnections();
      });
    }, IDLE_GRACE_MS);
  }

  private async drain(graceMs: number): Promise<Stopped> {
    let cut = 0;
    const deadline = setTimeout(() => {
      cut = this.answering.size;
      this.server.closeAllConnections();
      for (const socket of this.connections.keys()) socket.destroy();
    }, graceMs);
    const finishedBefore = this.finished;
    await this.stopListening();
    const inFlight = this.inFlightAtStop;
    const unused = setTimeout(() => {
      for (const [socket, connection] of this.connections)
        if (connection.requests === 0 && socket.bytesRead === 0) socket.destroy();
    }, FIRST_REQUEST_MS);
    await new Promise<void>((resolve) => {
      this.onDrained = resolve;
      this.checkDrained();
    });
    clearTimeout(deadline);
    clearTimeout(unused);
    if (this.idleSweep) clearTimeout(this.idleSweep);
    return { inFlight, answered: this.finished - finishedBefore, cut };
  }
}
