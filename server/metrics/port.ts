import { createServer, type Server } from 'node:http';
import { METRICS_PATH } from '../http/operatorPaths';
import type { Logger } from '../log';
import type { Exposition } from './exposition';
import { bearerMatches, WRONG_TOKEN } from './routes';

export interface MetricsPortOptions {
  port: number;
  host: string;
  /** `METRICS_TOKEN`, which the configuration requires with the port: without one, nothing is answered. */
  token: string | null;
  exposition(): Promise<Exposition>;
  logger: Logger;
}

/**
 * `METRICS_PORT`: a port that answers only `GET /metrics` (every server process's figures), for a
 * scraper on a private network while the main port faces the public. Resolves once it listens; a
 * port taken by another program is refused in a sentence that says so (supervised or run alone).
 */
export function serveMetricsPort(options: MetricsPortOptions): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://metrics').pathname;
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Only GET /metrics is served here.');
      return;
    }
    if (options.token === null || !bearerMatches(request.headers.authorization, options.token)) {
      response
        .writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer realm="metrics"' })
        .end(WRONG_TOKEN);
      return;
    }
    options.exposition().then(
      ({ text, contentType }) => {
        response.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        options.logger.error({ err: error }, 'the metrics could not be gathered');
        response.writeHead(500, { 'Content-Type': 'text/plain' }).end('The metrics could not be gathered.');
      },
    );
  });
  return new Promise((resolve, reject) => {
    const refused = (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`METRICS_PORT ${options.port} is taken by another program: set another port.`)
          : error,
      );
    server.once('error', refused);
    server.listen(options.port, options.host, () => {
      server.off('error', refused);
      resolve(server);
    });
  });
}
