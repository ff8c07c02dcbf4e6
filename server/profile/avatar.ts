import sharp from 'sharp';

/** The largest picture taken, in bytes (the route refuses a larger body before reading it). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Side of the square picture kept. */
export const AVATAR_SIZE = 256;

/** Formats a browser can pick from a phone's or a computer's pictures. */
const READABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/**
 * What any picture is read with: at most 40 megapixels, whatever its header says of a 5 MB file,
 * streamed, and with libvips' guards on PNG text chunks kept.
 */
const READ_LIMITS = { limitInputPixels: 40_000_000, sequentialRead: true, unlimited: false } as const;

export class UnreadableImage extends Error {}

/**
 * A profile picture as kept: turned upright by its EXIF orientation, cut to a 256 px square from its
 * centre, WebP. sharp writes no metadata unless asked, so GPS position, camera and dates are gone.
 * Anything that is not a picture sharp can read is refused with the formats that work.
 */
export const avatarWebp = (bytes: Uint8Array): Promise<Buffer> =>
  pictureWebp(bytes, AVATAR_SIZE, AVATAR_SIZE);

/** Any picture taken from a person, upright, cut to `width` × `height` around what draws the eye, as WebP. */
export async function pictureWebp(bytes: Uint8Array, width: number, height: number): Promise<Buffer> {
  const problem = 'That file is not a picture we can read. Send a JPEG, PNG, WebP or GIF image.';
  let format: string | undefined;
  try {
    ({ format } = await sharp(bytes, READ_LIMITS).metadata());
  } catch {
    throw new UnreadableImage(problem);
  }
  if (!format || !READABLE.has(format)) throw new UnreadableImage(problem);
  try {
    return await sharp(bytes, { ...READ_LIMITS, failOn: 'error' })
      .rotate()
      .resize(width, height, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new UnreadableImage('That picture is damaged or too large to read. Try another one.');
  }
}
