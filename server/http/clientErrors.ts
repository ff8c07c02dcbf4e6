import { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ServerType } from '@hono/node-server';
import type { Envelope } from '../../contract/envelope';
import type { Logger } from '../log';

/** Node's parser errors a client caused, and how they are answered. */
const ANSWERS: Record<string, [status: number, reason: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'The address and headers of the request are too large: together they are at most 16 KB.',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive. Send it again.'],
};
const MALFORMED: [number, string, string] = [400, 'Bad Request', 'The request is not valid HTTP.'];

/**
 * A request Node's HTTP parser refuses (a request line and headers over 16 KB, a broken request line
 * or header) never reaches the app. Node would answer it with an empty 400 or 431; this answers it
 * in the envelope, with a message, like everything else, and logs one line without the request.
 */
export function answerMalformedRequests(server: ServerType, logger: Logger): void {
  // HTTP/2 servers report broken streams differently; this is about HTTP/1.1's parser.
  if (!(server instanceof Server)) return;
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, message] = (error.code && ANSWERS[error.code]) || MALFORMED;
    logger.info({ status, code: error.code }, 'malformed request');
    const envelope: Envelope<null> = { success: false, data: null, meta: { drop_cookies: [] }, message };
    const body = JSON.stringify(envelope);
    // The answer to a HEAD has the headers of the body without the body.
    const head = error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${head ? '' : body}`,
    );
  });
}
