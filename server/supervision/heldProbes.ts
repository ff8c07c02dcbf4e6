import type { Socket } from 'node:net';
import { HEALTH_PATH, READY_PATH } from '../http/operatorPaths';

/**
 * A load balancer's probes while no server process serves (the first start, or on the embedded
 * database the moment between one process and the next): the supervisor reads a held connection's
 * first bytes, answers `GET /healthz` (it is alive) and `GET /readyz` (not ready: starting) itself,
 * and hands any other request on with the bytes it read, once a server process serves.
 */

const PROBE_LINE = new RegExp(`^(GET|HEAD) (${HEALTH_PATH}|${READY_PATH})(?:\\?[^\\s]*)? HTTP/1\\.[01]\r\n`);

/** The supervisor's own answer to a probe, or null for a request a server process must answer. */
export function probeAnswer(head: Buffer): string | null {
  const match = PROBE_LINE.exec(head.subarray(0, 256).toString('latin1'));
  if (!match) return null;
  const [, method, path] = match;
  const [status, body] =
    path === HEALTH_PATH
      ? ['200 OK', JSON.stringify({ ok: true })]
      : [
          '503 Service Unavailable',
          JSON.stringify({
            ready: false,
            failing: ['starting'],
            parts: { starting: { ok: false, detail: 'No server process serves yet: one is starting.' } },
          }),
        ];
  return [
    `HTTP/1.1 ${status}`,
    'Content-Type: application/json',
    'Cache-Control: no-store',
    ...(status.startsWith('503') ? ['Retry-After: 1'] : []),
    'Connection: close',
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    method === 'HEAD' ? '' : body,
  ].join('\r\n');
}

/** libuv's side of a socket: `pause()` alone lets it go on reading into the stream's buffer. */
interface ReadingHandle {
  reading?: boolean;
  readStop?: () => number;
}

/**
 * Stops reading from the connection's descriptor: its next bytes stay in the kernel for the server
 * process it is handed to, which reads them through its own descriptor. Node stops reading a paused
 * stream only once its buffer is full, and starts reading again whenever it looks for more data
 * unless the handle says it reads already: so the flag is set, and the reading stopped.
 */
function stopReading(socket: Socket): void {
  socket.pause();
  const handle = (socket as unknown as { _handle?: ReadingHandle | null })._handle;
  if (!handle?.readStop) return;
  handle.reading = true;
  handle.readStop();
}

/**
 * Reads the first bytes of a held connection: `onHead` gets them (reading stops at once after
 * them). Returns a function that stops waiting, for a connection handed on before it sent anything.
 */
export function readHead(socket: Socket, onHead: (head: Buffer) => void): () => void {
  const onData = (chunk: Buffer) => {
    stopReading(socket);
    onHead(chunk);
  };
  socket.once('data', onData);
  // A connection reset while held must not take the supervisor with it.
  socket.on('error', () => socket.destroy());
  socket.resume();
  return () => {
    socket.off('data', onData);
    stopReading(socket);
  };
}
