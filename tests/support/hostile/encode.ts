/**
 * Inputs as bytes on the wire: JSON, URL-encoded and multipart forms the way SPEC's PHP-style forms
 * send them (`billing[name]`, `dates[]`), and query strings. Text is encoded as UTF-8 the way a
 * client would (a lone surrogate becomes U+FFFD); hostile bytes are added by the request generators.
 */

const utf8 = new TextEncoder();

export const bytesOf = (text: string) => utf8.encode(text);

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const UNRESERVED = /[A-Za-z0-9\-_.~]/;

/** Percent-encoding that never throws: UTF-8 bytes of the text, lone surrogates as U+FFFD. */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of utf8.encode(text)) {
    const char = String.fromCharCode(byte);
    out +=
      byte < 0x80 && UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const scalar = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value) ?? '';
  return String(value);
};

/** An input as form fields: arrays as repeated `key[]`, objects as `key[field]`, deeper values as JSON. */
export function formPairs(input: Record<string, unknown>): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) pairs.push([`${key}[]`, '']);
      for (const item of value) pairs.push([`${key}[]`, scalar(item)]);
    } else if (value !== null && typeof value === 'object') {
      for (const [field, inner] of Object.entries(value)) pairs.push([`${key}[${field}]`, scalar(inner)]);
    } else {
      pairs.push([key, scalar(value)]);
    }
  }
  return pairs;
}

export const urlEncoded = (pairs: [string, string][]) =>
  pairs.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join('&');

/** A multipart body of the fields; `files` sends every field as a file part. */
export function multipart(pairs: [string, string][], boundary: string, files = false): Uint8Array {
  const parts = pairs.map(([name, value]) => {
    const disposition = files
      ? `form-data; name="${name}"; filename="${name}.txt"\r\nContent-Type: application/octet-stream`
      : `form-data; name="${name}"`;
    return `--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n${value}\r\n`;
  });
  return bytesOf(`${parts.join('')}--${boundary}--\r\n`);
}

/** JSON that leaves out what JSON cannot say (undefined), and never throws (deep values included). */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return '"unserializable"';
  }
}
