/**
 * `npx tsx scripts/bench-log.ts`: what the server's logger (server/log.ts) costs a request. Makes the
 * request's child logger and writes its access line, as server/http/requestLog.ts does, into a
 * destination that keeps nothing, many times, and prints microseconds for each. A number, not a test.
 *
 * Options: --times 200000.
 */
import { createLogger } from '../server/log';

const index = process.argv.indexOf('--times');
const times = index > 0 ? Number(process.argv[index + 1]) : 200_000;

const logger = createLogger({ level: 'info', destination: { write: () => true } });
const access = { method: 'POST', path: '/api/v1/media/search', status: 200, ms: 1.2 };
const requestId = '3f0c1e9a-5b7d-4c2e-9a1f-6d8b2e4c7a10';

/** Microseconds a call of `work`, after a tenth as many calls to warm it up. */
function microseconds(work: () => void): number {
  for (let i = 0; i < times / 10; i++) work();
  const started = process.hrtime.bigint();
  for (let i = 0; i < times; i++) work();
  return Number(process.hrtime.bigint() - started) / 1000 / times;
}

const child = logger.child({ requestId });
const rows: [string, number][] = [
  ['the request’s child logger', microseconds(() => logger.child({ requestId }))],
  ['its access line', microseconds(() => child.info(access, 'request'))],
  ['both', microseconds(() => logger.child({ requestId }).info(access, 'request'))],
];
for (const [what, us] of rows) console.log(`${what.padEnd(28)} ${us.toFixed(2).padStart(8)} µs`);
