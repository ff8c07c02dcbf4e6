import { readdir, readFile, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A local S3 server for the tests (s3rver), with the two multipart calls it lacks and tus's S3 store
 * needs: ListParts (where an upload got to) and AbortMultipartUpload (a cancelled upload). They read
 * and remove the parts s3rver's own folder store keeps, `{bucket}/.../uploads/{uploadId}/{n}`.
 */

interface Ctx {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
  req: IncomingMessage;
  res: ServerResponse;
}
type Middleware = (ctx: Ctx, next: () => Promise<void>) => Promise<void>;

const xml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const noSuchUpload =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';

export async function startLocalS3(directory: string, bucket: string) {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const uploadsDir = (name: string) =>
    (
      server as unknown as { store: { getResourcePath(b: string, k: undefined, r: string): string } }
    ).store.getResourcePath(name, undefined, 'uploads');
  const multipart: Middleware = async (ctx, next) => {
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : null;
    const [, name = '', ...keyParts] = ctx.path.split('/');
    if (!uploadId || (ctx.method !== 'GET' && ctx.method !== 'DELETE') || keyParts.length === 0)
      return next();
    const folder = path.join(uploadsDir(name), path.basename(uploadId));
    const exists = await stat(folder).then(
      () => true,
      () => false,
    );
    ctx.type = 'application/xml';
    if (!exists) {
      ctx.status = 404;
      ctx.body = noSuchUpload;
      return;
    }
    if (ctx.method === 'DELETE') {
      await rm(folder, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = '';
      return;
    }
    const numbers = (await readdir(folder))
      .filter((f) => /^\d+$/.test(f))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const file = path.join(folder, String(n));
        const [info, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    const key = decodeURIComponent(keyParts.join('/'));
    ctx.status = 200;
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${xml(name)}</Bucket><Key>${xml(key)}</Key><UploadId>${xml(uploadId)}</UploadId><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  };
  // Before s3rver's own router, which answers MethodNotAllowed to both.
  (server as unknown as { middleware: Middleware[] }).middleware.unshift(multipart);
  const { port } = (await server.run()) as { port: number };
  return { endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}
