import { open } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { checked, inFolder } from './fixtures';

/*
 * mp4box keeps the boxes it is given until each is whole, and an object for every box at the top of
 * the file: a movie whose header is not found within 32 MB, or that has more than 10,000 boxes
 * before it, is refused with a sentence instead of held in memory.
 */

const MB = 1024 * 1024;
/** An MP4's first box: `ftyp`, isom. */
const FTYP = Buffer.from('00000018667479706973366d0000020069736f6d69736f32', 'hex');

const boxHeader = (size: number, type: string) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(size);
  header.write(type, 4, 'latin1');
  return header;
};

describe('a movie’s boxes', { timeout: 30_000 }, () => {
  it('refuses a movie header that declares 200 MB, having read 32 MB of it', async () => {
    // Sparse on disk: the declared header is zeros the file system does not store.
    const file = inFolder('large-header.mp4');
    const handle = await open(file, 'w');
    await handle.write(Buffer.concat([FTYP, boxHeader(200 * MB, 'moov')]));
    await handle.truncate(210 * MB);
    await handle.close();
    const result = await checked(file, 'linear-tv-spots');
    expect(result.status).toBe('rejected');
    expect(result.checks.map((c) => [c.name, c.message])).toEqual([
      [
        'movie header',
        'No movie header in the first 32 MB of its boxes: export the video again with the header at the start (fast start).',
      ],
    ]);
  });

  it('refuses a file of a million eight-byte boxes before the movie header', async () => {
    const free = boxHeader(8, 'free');
    const boxes = Buffer.alloc(8 * 1_000_000);
    for (let at = 0; at < boxes.length; at += 8) free.copy(boxes, at);
    const file = inFolder('boxes.mp4');
    const handle = await open(file, 'w');
    await handle.write(Buffer.concat([FTYP, boxes]));
    await handle.close();
    const result = await checked(file, 'linear-tv-spots');
    expect(result.checks.map((c) => c.message)).toEqual([
      'More than 10,000 boxes before the movie header; a video has a few hundred at most: export it again.',
    ]);
  });
});
