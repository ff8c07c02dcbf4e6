import net from 'node:net';

/**
 * HTTP/1.1 spoken over a bare socket, the way clumsy and hostile clients speak it: closing once the
 * headers are in, after the first bytes of the body, resetting the connection, reading slowly,
 * asking for a range, or for the head only. Browsers and fetch never do most of this, which is how a
 * crash that only curl's early close set off went unseen.
 */

export type Behaviour =
  /** Reads the whole answer. */
  | 'complete'
  /**
   * Asks to keep the connection alive, as curl does, and closes it the moment the last byte of the
   * body is in: curl's downloads, the close that set off the crash.
   */
  | 'closeAtEnd'
  /** Closes as soon as the status line and headers have arrived. */
  | 'closeAfterHeaders'
  /** Closes after the first bytes of the body. */
  | 'closeAfterFirstChunk'
  /** Resets the connection (TCP RST) right after sending the request. */
  | 'reset'
  /** Reads the first 256 KB a few kilobytes at a time with pauses (the server must wait), then the rest. */
  | 'slowRead'
  /** Asks for the first 100 bytes (`Range: bytes=0-99`) and reads the answer. */
  | 'range'
  /** Sends HEAD and reads the head. */
  | 'head';

export const BEHAVIOURS: readonly Behaviour[] = [
  'complete',
  'closeAtEnd',
  'closeAfterHeaders',
  'closeAfterFirstChunk',
  'reset',
  'slowRead',
  'range',
  'head',
];

export interface RawRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'HEAD';
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** Sends only this many bytes of `body`, then closes (a body cut short). */
  sendBodyBytes?: number;
}

export interface RawOutcome {
  /** The status, when the status line arrived. */
  status: number | null;
  headers: Record<string, string>;
  /** Body bytes received. */
  bodyBytes: number;
  /** The connection ended with the whole answer (by its length, or the close it announced). */
  complete: boolean;
}

const SLOW_BYTES = 256 * 1024;
const SLOW_PAUSE_MS = 2;

function parseHead(head: string): { status: number | null; headers: Record<string, string> } {
  const [statusLine = '', ...lines] = head.split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number.isInteger(status) ? status : null, headers };
}

/** The payload of a chunked body, and whether its last chunk arrived. */
function unchunk(raw: Buffer): { bytes: number; ended: boolean } {
  let at = 0;
  let bytes = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) return { bytes, ended: false };
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size)) return { bytes, ended: false };
    if (size === 0) return { bytes, ended: true };
    at = lineEnd + 2 + size + 2;
    if (at > raw.length) return { bytes, ended: false };
    bytes += size;
  }
}

/** One request on a connection of its own (`Connection: close`), with the client behaving as asked. */
export function rawRequest(port: number, request: RawRequest, behaviour: Behaviour): Promise<RawOutcome> {
  const method = behaviour === 'head' ? 'HEAD' : (request.method ?? 'GET');
  const headers: Record<string, string> = {
    Host: `127.0.0.1:${port}`,
    Connection: behaviour === 'closeAtEnd' ? 'keep-alive' : 'close',
    ...(behaviour === 'range' ? { Range: 'bytes=0-99' } : {}),
    ...(request.body ? { 'Content-Length': String(request.body.length) } : {}),
    ...request.headers,
  };
  const head = `${method} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n')}\r\n\r\n`;

  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let parsed: ReturnType<typeof parseHead> | null = null;
    let bodyBytes = 0;
    /** A chunked body as it came, framing and all, to be read once the connection ends. */
    const chunked: Buffer[] = [];
    let slowSoFar = 0;
    const finish = () => {
      const length = Number(parsed?.headers['content-length'] ?? Number.NaN);
      let complete = false;
      if (parsed && (method === 'HEAD' || parsed.status === 204 || parsed.status === 304)) complete = true;
      else if (parsed?.headers['transfer-encoding'] === 'chunked') {
        const payload = unchunk(Buffer.concat(chunked));
        bodyBytes = payload.bytes;
        complete = payload.ended;
      } else if (parsed) complete = Number.isNaN(length) ? socket.readableEnded : bodyBytes === length;
      resolve({ status: parsed?.status ?? null, headers: parsed?.headers ?? {}, bodyBytes, complete });
    };
    socket.on('connect', () => {
      socket.write(head);
      if (request.body) {
        const bytes =
          request.sendBodyBytes === undefined
            ? request.body
            : request.body.subarray(0, request.sendBodyBytes);
        socket.write(bytes);
        if (request.sendBodyBytes !== undefined) {
          socket.destroy();
          return;
        }
      }
      if (behaviour === 'reset') socket.resetAndDestroy();
    });
    socket.on('data', (chunk: Buffer) => {
      if (!parsed) {
        received = Buffer.concat([received, chunk]);
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) return;
        parsed = parseHead(received.subarray(0, end).toString('latin1'));
        chunk = received.subarray(end + 4);
        if (behaviour === 'closeAfterHeaders') {
          socket.destroy();
          return;
        }
      }
      bodyBytes += chunk.length;
      if (parsed.headers['transfer-encoding'] === 'chunked') chunked.push(chunk);
      if (
        behaviour === 'closeAtEnd' &&
        parsed.headers['transfer-encoding'] !== 'chunked' &&
        bodyBytes >= Number(parsed.headers['content-length'] ?? 0)
      ) {
        socket.destroy();
        return;
      }
      if (behaviour === 'closeAfterFirstChunk' && bodyBytes > 0) {
        socket.destroy();
        return;
      }
      if (behaviour === 'slowRead' && slowSoFar < SLOW_BYTES) {
        slowSoFar += chunk.length;
        socket.pause();
        setTimeout(() => socket.resume(), SLOW_PAUSE_MS);
      }
    });
    socket.on('error', () => {});
    socket.on('close', finish);
  });
}

/** Runs `count` requests with at most `concurrency` at once, and returns every outcome. */
export async function rawRequests(
  port: number,
  request: RawRequest,
  behaviour: Behaviour,
  count: number,
  concurrency = 10,
): Promise<RawOutcome[]> {
  const outcomes: RawOutcome[] = [];
  let next = 0;
  const lane = async () => {
    while (next < count) {
      next += 1;
      outcomes.push(await rawRequest(port, request, behaviour));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
  return outcomes;
}
