import type { Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';

/** One entry of a zip: its name in the archive, its time, and where its bytes come from. */
export interface ZipEntry {
  name: string;
  modifiedAt: Date;
  /**
   * Opened only when the archive reaches the entry, so one file is open at a time; null leaves the
   * entry out (its source is gone since the archive began).
   */
  open: () => Promise<Readable | null> | Readable;
}

/**
 * A zip archive as a web stream, made as the client reads it: an entry's bytes are read from its
 * source only when the answer wants more (the stream's pull), so a slow client holds back the
 * storage and nothing piles up in memory. Entries are stored, not deflated: artwork (PDF, JPEG, PNG,
 * MP4) is compressed already. A client that goes away cancels the stream: the open source is
 * destroyed at once and nothing is enqueued after.
 */
export function zipStream(entries: readonly ZipEntry[]): ReadableStream<Uint8Array> {
  let settled = false;
  let next = 0;
  let current: { source: Readable; reader: AsyncIterator<unknown>; file: ZipPassThrough } | null = null;
  let zip: Zip | null = null;
  /** Chunks handed to the answer so far: a pull goes on until it has handed one. */
  let enqueued = 0;

  const release = () => {
    current?.source.destroy();
    current = null;
  };

  /** One step: open the next entry, hand one chunk of the open one, or close it; end after the last. */
  const step = async (archive: Zip) => {
    if (!current) {
      const entry = entries[next];
      next += 1;
      if (!entry) {
        archive.end();
        // fflate hands the central directory at once; an archive left open would hang the reader.
        if (!settled) throw new Error('The zip did not finish after its last entry.');
        return;
      }
      // Opened before it is added: an entry left out leaves no trace in the archive.
      const source = await entry.open();
      if (settled) {
        source?.destroy();
        return;
      }
      if (!source) return;
      const file = new ZipPassThrough(entry.name);
      file.mtime = entry.modifiedAt;
      archive.add(file);
      current = { source, reader: source[Symbol.asyncIterator](), file };
    }
    const read = await current.reader.next();
    if (settled || !current) return;
    if (read.done) {
      current.file.push(new Uint8Array(0), true);
      current = null;
      return;
    }
    const chunk = read.value;
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array);
    current.file.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  };

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        zip = new Zip((error, chunk, final) => {
          if (settled) return;
          if (error) {
            settled = true;
            release();
            controller.error(error);
            return;
          }
          controller.enqueue(chunk);
          enqueued += 1;
          if (final) {
            settled = true;
            controller.close();
          }
        });
      },
      async pull(controller) {
        // A pull that hands nothing would leave the reader waiting forever (the stream pulls again
        // only when asked again), so it steps on until a chunk is out or the archive is done.
        const before = enqueued;
        try {
          while (!settled && zip && enqueued === before) await step(zip);
        } catch (error) {
          if (settled) return;
          settled = true;
          release();
          controller.error(error);
        }
      },
      cancel() {
        settled = true;
        release();
        zip?.terminate();
      },
    },
    { highWaterMark: 1 },
  );
}
