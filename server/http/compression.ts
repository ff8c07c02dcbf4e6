import { deflateSync, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX, compress } from 'hono/compress';
import { parseAccept } from 'hono/utils/accept';
import { type PreparedJson, preparedOf } from './jsonAnswer';

/**
 * Below this an answer goes as it is: the header and a compressor's start cost more than the bytes saved.
 * Hono's compress() has the same threshold but reads it from Content-Length, which a JSON answer does
 * not have yet, so it compressed every answer, a 226-byte one too.
 */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * zlib's fastest level, as nginx compresses by default: the shop's search answers take about a fifth
 * less time than at zlib's default (6) and come out 6% larger (scripts/bench-compression.ts).
 */
export const COMPRESSION_LEVEL = 1;

const COMPRESSORS = {
  gzip: (text: string) => gzipSync(text, { level: COMPRESSION_LEVEL }),
  deflate: (text: string) => deflateSync(text, { level: COMPRESSION_LEVEL }),
} as const;
type Encoding = keyof typeof COMPRESSORS;
const ENCODINGS = Object.keys(COMPRESSORS) as Encoding[];

const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const VARIES_BY_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** The encoding Hono's compress() chooses for an Accept-Encoding: the first at q=1, else the highest q. */
function chosenEncoding(accepted: string | undefined): Encoding | undefined {
  if (accepted === undefined) return undefined;
  const accepts = parseAccept(accepted);
  const anyQ = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of ENCODINGS) {
    const q = accepts.find((a) => a.type.toLowerCase() === encoding)?.q ?? anyQ ?? 0;
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/** A prepared JSON answer in an encoding: one that keeps its compressed forms is compressed once in each. */
function encodedOf(json: PreparedJson, encoding: Encoding): Uint8Array<ArrayBuffer> {
  const known = json.encoded?.get(encoding);
  if (known) return known;
  const bytes = COMPRESSORS[encoding](json.text);
  json.encoded?.set(encoding, bytes);
  return bytes;
}

/**
 * Compresses answers for clients that accept it, as Hono's compress() does, except that a JSON answer
 * (server/http/jsonAnswer.ts) is measured before anything is decided and compressed whole, at once:
 * a search answer of a few kilobytes takes some 25 µs that way, where a compression stream cost the
 * request some 400 µs. Any other answer (a stream, a file) goes through Hono's compress() as before.
 * A HEAD gets the headers its GET would (Hono's compress() leaves HEADs alone): a JSON answer is
 * compressed for its length, a streamed one is not, as its GET has no length either.
 */
export function compressAnswers(): MiddlewareHandler {
  const streaming = compress({ threshold: COMPRESS_FROM_BYTES });
  const answered = async () => {};
  return async (c, next) => {
    await next();
    const json = preparedOf(c.res);
    const text = json?.text;
    if (text === undefined && c.req.method !== 'HEAD') return streaming(c, answered);
    // Before the headers are taken: on @hono/node-server, reading a body makes the answer a real one
    // with headers of its own, and what is set on the ones taken before would be lost.
    const hasBody = c.res.body !== null;
    const { status, headers } = c.res;
    const length = headers.get('Content-Length');
    if (
      status === 206 ||
      headers.has('Content-Encoding') ||
      headers.has('Transfer-Encoding') ||
      (text === undefined
        ? (length !== null && Number(length) < COMPRESS_FROM_BYTES) || !hasBody
        : // A text's bytes are at least as many as its UTF-16 units: most are measured without counting.
          text.length < COMPRESS_FROM_BYTES && Buffer.byteLength(text) < COMPRESS_FROM_BYTES) ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get('Content-Type') ?? '') ||
      NO_TRANSFORM.test(headers.get('Cache-Control') ?? '')
    )
      return;
    const vary = headers.get('Vary');
    if (vary !== '*' && !(vary && VARIES_BY_ENCODING.test(vary)))
      headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = chosenEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return;
    headers.set('Content-Encoding', encoding);
    headers.delete('Content-Length');
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    // A streamed answer reaches here for a HEAD only, which sends no body.
    const body = json ? encodedOf(json, encoding) : null;
    if (!json) await c.res.body?.cancel().catch(() => {});
    // Set over an answer, Hono rebuilds the new one around a stream of its body: this one goes alone.
    c.res = undefined;
    c.res = new Response(body, { status, headers });
  };
}
