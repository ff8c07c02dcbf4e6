import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

/** A file as it is served: its bytes, their compressed copies, type and validator. */
export interface Asset {
  body: Buffer;
  gzip: Buffer | null;
  brotli: Buffer | null;
  type: string;
  etag: string;
  /** Vite's content-hashed files never change, so browsers may keep them for a year. */
  immutable: boolean;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  // Module workers (MapLibre's) must come with a JavaScript type.
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.svg',
  '.txt',
  '.webmanifest',
]);

const readIfExists = (file: string) => (existsSync(file) ? readFileSync(file) : null);

const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;

export const brotliOf = (html: string) =>
  brotliCompressSync(Buffer.from(html), { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });

/**
 * A file as it is served. `file` is where it was read from, beside which the build may have written
 * its compressed copies; without them (or without a file) it gets a quick gzip.
 */
export function toAsset(urlPath: string, body: Buffer, file: string | null): Asset {
  const ext = path.extname(urlPath).toLowerCase();
  const compressible = COMPRESSIBLE.has(ext) && body.length > 512;
  return {
    body,
    gzip: compressible ? ((file ? readIfExists(`${file}.gz`) : null) ?? gzipSync(body, { level: 6 })) : null,
    brotli: compressible && file ? readIfExists(`${file}.br`) : null,
    type: TYPES[ext] ?? 'application/octet-stream',
    etag: etagOf(body),
    immutable: urlPath.startsWith('/assets/'),
  };
}

/**
 * A page drawn for one request, compressed now in the one encoding the browser takes (a few
 * milliseconds for a page of this size; brotli at a quick level).
 */
export function renderedAsset(html: string, accepts: string): Asset {
  const body = Buffer.from(html);
  const brotli = /\bbr\b/.test(accepts);
  const gzip = !brotli && /\bgzip\b/.test(accepts);
  return {
    body,
    gzip: gzip ? gzipSync(body, { level: 6 }) : null,
    brotli: brotli ? brotliOf(html) : null,
    type: TYPES['.html'] as string,
    etag: etagOf(body),
    immutable: false,
  };
}
