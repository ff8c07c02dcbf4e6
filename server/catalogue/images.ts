import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mediaImages } from '../db/schema';
import { pictureWebp } from '../profile/avatar';

/** The largest picture of a placement taken, in bytes. */
export const PLACEMENT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The size every placement picture is cut to: the shop's cards and the placement page's banner. */
const PLACEMENT_IMAGE_WIDTH = 1200;
const PLACEMENT_IMAGE_HEIGHT = 800;

/** Where a placement picture is served: public and never changing (a new picture gets a new id). */
export const placementImageUrl = (id: string) => `/api/v1/media/images/${id}`;

/** A picture as a placement keeps it: 1200×800 WebP (or UnreadableImage with a sentence). */
export const placementWebp = (bytes: Uint8Array): Promise<Buffer> =>
  pictureWebp(bytes, PLACEMENT_IMAGE_WIDTH, PLACEMENT_IMAGE_HEIGHT);

/** Keeps a placement's picture made by `placementWebp`; answers its id. */
export async function keepPlacementImage(
  tx: Db,
  mediacode: string,
  webp: Buffer,
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await tx.insert(mediaImages).values({
    id,
    mediacode,
    webp,
    width: PLACEMENT_IMAGE_WIDTH,
    height: PLACEMENT_IMAGE_HEIGHT,
    createdAt: now,
  });
  return id;
}

export async function placementImage(db: Db, id: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ webp: mediaImages.webp })
    .from(mediaImages)
    .where(eq(mediaImages.id, id))
    .limit(1);
  return row?.webp ?? null;
}
