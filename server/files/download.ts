import { webStreamOf } from '../http/webStream';
import { cleanFileName } from './fileName';
import type { UploadStorage } from './storage';

/**
 * The policy of a stored file's bytes: nothing of ours runs with them (a sandbox, no sources). Shown in
 * a tab (`inline`: a proof's PDF or picture), the browser's own viewer may draw the picture it is
 * showing with inline styles.
 */
export const filePolicy = (inline: boolean): string =>
  inline
    ? "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"
    : "default-src 'none'; sandbox";

/**
 * Headers of a stored file's bytes: never rendered as a page of ours (no sniffing, a sandbox if
 * opened), never cached. `inline` lets a browser show a PDF or a picture (a proof) in a tab; anything
 * else is an attachment.
 */
function fileHeaders(
  file: { name: string; size: number },
  options: { contentType?: string; inline?: boolean } = {},
): Record<string, string> {
  // Cleaned again: a row stored before names were cleaned of bidi marks may still hold them.
  const name = cleanFileName(file.name);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return {
    'Content-Type': options.contentType ?? 'application/octet-stream',
    'Content-Length': String(file.size),
    'Content-Disposition': `${options.inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': filePolicy(options.inline === true),
    'Cache-Control': 'private, no-store',
  };
}

/** A stored file's bytes under `key` as the answer, with fileHeaders' headers. */
export async function storedFileResponse(
  storage: Pick<UploadStorage, 'read'>,
  key: string,
  file: { name: string; size: number },
  options: { contentType?: string; inline?: boolean } = {},
): Promise<Response> {
  const bytes = await storage.read(key);
  return new Response(webStreamOf(bytes), { headers: fileHeaders(file, options) });
}
