import { finished, type Readable } from 'node:stream';

/**
 * A Node stream as the body of a web `Response`, safe whatever the client does. Handing the Node
 * stream to `Response` directly lets undici wrap it as an async iterable, and its wrapper closes the
 * web stream from a microtask after the last chunk: when the answer has ended or been cancelled by
 * then (curl reads to the end and closes at once), `close()` throws outside any request and the
 * process dies (`ERR_INVALID_STATE: ReadableStream is already closed`). Here the stream ends, fails
 * or is cancelled exactly once; a cancel (the client went away, a HEAD dropped the body) destroys
 * the source, so its file descriptor closes at once.
 */
export function webStreamOf(source: Readable): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        source.on('data', (chunk: Buffer | string) => {
          if (settled) return;
          const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          controller.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
          // Backpressure: the source waits until the answer has taken what is queued.
          if ((controller.desiredSize ?? 0) <= 0) source.pause();
        });
        finished(source, (error) => {
          if (settled) return;
          settled = true;
          if (error) controller.error(error);
          else controller.close();
        });
        source.pause();
      },
      pull() {
        if (!settled) source.resume();
      },
      cancel() {
        settled = true;
        source.destroy();
      },
    },
    { highWaterMark: 1 },
  );
}
