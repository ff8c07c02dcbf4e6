import { crc32, createDeflate } from 'node:zlib';

/*
 * PNGs that declare far more pixels than their bytes: a header of any size and a zlib stream of
 * zeros, deflated a row at a time so the test never holds the image it describes. Interlaced (Adam7),
 * as libvips must decode such a file whole before it can shrink it.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const check = Buffer.alloc(4);
  check.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, check]);
}

/** Adam7's seven passes: where each starts and how far apart its pixels are. */
const PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** The rows of filtered bytes an interlaced RGB image of this size has, each with its filter byte. */
function rowLengths(width: number, height: number): number[] {
  const rows: number[] = [];
  for (const [x, y, dx, dy] of PASSES) {
    const across = Math.ceil((width - x) / dx);
    const down = Math.ceil((height - y) / dy);
    if (across > 0) for (let row = 0; row < down; row += 1) rows.push(across * 3 + 1);
  }
  return rows;
}

/**
 * An interlaced 8-bit RGB PNG of `width` × `height` px, all black. With `whole: false` its image data
 * ends after the first row: a few dozen bytes, for checks that should never read past the header.
 */
export async function blackPng(width: number, height: number, { whole = true } = {}): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  header[12] = 1; // Adam7
  const rows = rowLengths(width, height);
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(Math.max(...rows));
  for (const length of whole ? rows : rows.slice(0, 1))
    if (!deflate.write(zeros.subarray(0, length)))
      await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await ended;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(parts)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
