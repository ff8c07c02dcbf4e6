/**
 * `npm run bench:api`'s command line (see scripts/bench-api.ts): its own file because the run and its
 * tables (scripts/apiBenchReport.ts) both read it.
 */
import { option } from './baseline';

export const connections = Number(option('connections') ?? 50);
export const duration = Number(option('duration') ?? 15);
export const rounds = Math.max(1, Number(option('rounds') ?? 2));

export const postgres = process.argv.includes('--postgres');

/** What a browser says it takes: compression is part of what an answer costs the server. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
export const uncompressed = process.argv.includes('--uncompressed');
export const HEADERS = uncompressed ? {} : BROWSER_HEADERS;
