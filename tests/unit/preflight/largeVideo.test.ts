import { open, readFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { checked, ffmpeg, inFolder, named } from './fixtures';

/*
 * A video of up to 500 MB is never read whole: mp4box is fed chunks until it has the movie header,
 * skipping the media data. The file handles the preflight opens count the bytes they read.
 */

const bytesRead = vi.hoisted(() => ({ total: 0 }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const counted: typeof fs.open = async (...args) => {
    const handle = await fs.open(...args);
    const read = handle.read.bind(handle) as (...a: unknown[]) => Promise<{ bytesRead: number }>;
    Object.assign(handle, {
      read: async (...a: unknown[]) => {
        const result = await read(...a);
        bytesRead.total += result.bytesRead;
        return result;
      },
    });
    return handle;
  };
  return { ...fs, open: counted, default: { ...fs, open: counted } };
});

const MB = 1024 * 1024;

/** The boxes at the top of an MP4: type, where it starts, its size. */
function topBoxes(bytes: Buffer): { type: string; start: number; size: number }[] {
  const boxes = [];
  for (let start = 0; start + 8 <= bytes.length; ) {
    const size = bytes.readUInt32BE(start);
    boxes.push({ type: bytes.toString('latin1', start + 4, start + 8), start, size });
    if (size < 8) break;
    start += size;
  }
  return boxes;
}

describe('a large video', { timeout: 60_000 }, () => {
  it('is checked from a few megabytes: its 300 MB of media data are skipped', async () => {
    // A 10-second billboard clip whose media data is grown to 300 MB (sparse on disk, so cheap), the
    // movie header after it, as most exporters write it.
    const clip = inFolder('clip.mp4');
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'color=c=blue:size=1920x1080:rate=30',
      '-t',
      '10',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-b:v',
      '100k',
      clip,
    ]);
    const bytes = await readFile(clip);
    const boxes = topBoxes(bytes);
    expect(boxes.map((box) => box.type)).toContain('moov');
    const mdat = boxes.find((box) => box.type === 'mdat');
    if (!mdat) throw new Error('ffmpeg wrote no mdat box.');
    const grownBy = 300 * MB;
    const end = mdat.start + mdat.size;
    const head = Buffer.from(bytes.subarray(0, end));
    head.writeUInt32BE(mdat.size + grownBy, mdat.start);
    const large = inFolder('large.mp4');
    const handle = await open(large, 'w');
    await handle.write(head, 0, head.length, 0);
    await handle.write(bytes, end, bytes.length - end, end + grownBy);
    await handle.close();

    bytesRead.total = 0;
    const result = await checked(large, 'digital-billboards');
    expect(result.format).toBe('mp4');
    expect(named(result, 'length')?.message).toBe('10 s, a 10-second spot.');
    expect(named(result, 'file size')?.result).toBe('failed');
    expect(bytesRead.total).toBeGreaterThan(0);
    expect(bytesRead.total).toBeLessThan(10 * MB);
  });
});
