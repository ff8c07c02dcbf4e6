import { createLogger, type Logger } from '../../server/log';

/** A line the server's logger wrote (pino writes one JSON object a line). */
export interface LogLine {
  level: number;
  msg: string;
  requestId?: string;
  [key: string]: unknown;
}

/** A logger at `info` whose lines a test reads: as written, or each parsed. */
export function keptLog(): { logger: Logger; written: string[]; lines: () => LogLine[] } {
  const written: string[] = [];
  const logger = createLogger({
    level: 'info',
    destination: { write: (line: string) => void written.push(line) },
  });
  return { logger, written, lines: () => written.map((text) => JSON.parse(text) as LogLine) };
}
