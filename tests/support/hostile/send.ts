import http from 'node:http';
import type { Answer, Send } from './judge';
import type { HostileRequest } from './requests';

/** At most this much of an answer is kept for judging. */
const KEPT_BYTES = 64 * 1024;

/** A body in 1 KB chunks, so it is sent without a length. */
function chunksOf(body: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= body.length) return controller.close();
      controller.enqueue(body.slice(at, at + 1024));
      at += 1024;
    },
  });
}

interface FetchesRequests {
  request(input: Request): Response | Promise<Response>;
}

/** Sends to an app in-process (Hono's app.request): bodies arrive with no Content-Length, as if chunked. */
export function sendToApp(app: FetchesRequests): Send {
  return async (request) => {
    const started = performance.now();
    const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers: request.headers };
    if (request.body) {
      init.body = request.chunked ? chunksOf(request.body) : new Uint8Array(request.body);
      if (request.chunked) init.duplex = 'half';
    }
    const response = await app.request(new Request(`http://localhost${request.target}`, init));
    const text = await response.text();
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: text.slice(0, KEPT_BYTES),
      ms: performance.now() - started,
    };
  };
}

const CHUNK = 16 * 1024;
/**
 * Where a long body's sending waits a moment for a refusal, unless the request says where its route's
 * limit is: just past each limit (16, 64 and 256 KB).
 */
const PAUSES = [20 * 1024, 72 * 1024, 264 * 1024];
const PAUSE_MS = 200;

/** Sockets whose errors are already handled by the request using them. */
const quieted = new WeakSet<object>();

/**
 * Sends over HTTP to a running server, exactly the bytes of the request, with Content-Length or
 * chunked. A body is written as the server reads it and no further once it has answered (a server
 * refusing a huge body answers after its first kilobytes, then closes); a request that finds its
 * kept-alive connection closed by the server is sent again once, on a new one, as clients do.
 */
export function sendOverHttp(
  base: string,
  agent = new http.Agent({ keepAlive: true, maxSockets: 16 }),
): Send {
  const url = new URL(base);
  const once = (request: HostileRequest, fresh: boolean) =>
    new Promise<Answer>((resolve, reject) => {
      const started = performance.now();
      const headers: Record<string, string | number> = { ...request.headers };
      const body = request.body;
      if (body && !request.chunked) headers['content-length'] = body.length;
      // Said outright: Node's client would send a DELETE or OPTIONS body unframed otherwise.
      if (body && request.chunked) headers['transfer-encoding'] = 'chunked';
      let answered = false;
      const outgoing = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: request.method,
          path: request.target,
          headers,
          agent: fresh || (body && body.length > 1024 * 1024) ? false : agent,
          timeout: 60_000,
        },
        (response) => {
          answered = true;
          const chunks: Buffer[] = [];
          let kept = 0;
          response.on('data', (chunk: Buffer) => {
            if (kept < KEPT_BYTES) chunks.push(chunk);
            kept += chunk.length;
          });
          const done = () => {
            // What was not sent of a refused body never will be: the connection is not reused.
            if (!outgoing.writableFinished) outgoing.destroy();
            resolve({
              status: response.statusCode ?? 0,
              contentType: String(response.headers['content-type'] ?? ''),
              text: Buffer.concat(chunks).toString('utf8').slice(0, KEPT_BYTES),
              ms: performance.now() - started,
            });
          };
          response.on('end', done);
          response.on('error', done);
        },
      );
      outgoing.on('socket', (socket) => {
        if (quieted.has(socket)) return;
        quieted.add(socket);
        socket.on('error', () => {});
      });
      outgoing.on('timeout', () =>
        outgoing.destroy(new Error(`No answer in 60 s to ${request.method} ${request.target}`)),
      );
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        if (answered) return;
        const closedUnderUs =
          outgoing.reusedSocket && (error.code === 'ECONNRESET' || error.message === 'socket hang up');
        reject(closedUnderUs ? new RetryOnNewConnection() : error);
      });
      if (!body || body.length <= CHUNK) {
        outgoing.end(body);
        return;
      }
      // A server refuses a body over its limit after reading that much, then closes: its answer is
      // read before the rest is sent (as curl's Expect: 100-continue would), or the connection's
      // reset could lose it.
      let at = 0;
      let pauses = 0;
      const pausePoints = request.pauseAfter === undefined ? PAUSES : [request.pauseAfter];
      const write = () => {
        while (at < body.length && !answered && !outgoing.destroyed) {
          const pause = pausePoints[pauses];
          if (pause !== undefined && at >= pause) {
            pauses++;
            setTimeout(write, PAUSE_MS);
            return;
          }
          const piece = body.slice(at, at + CHUNK);
          at += CHUNK;
          if (!outgoing.write(piece)) return void outgoing.once('drain', write);
        }
        if (at >= body.length && !answered && !outgoing.destroyed) outgoing.end();
      };
      write();
    });
  return async (request) => {
    try {
      return await once(request, false);
    } catch (error) {
      if (!(error instanceof RetryOnNewConnection)) throw error;
      return once(request, true);
    }
  };
}

class RetryOnNewConnection extends Error {}
