import { findMedia } from '../data/catalogue';
import type { Db } from '../db/client';
import type { Placement } from './placement';

/**
 * A placement the storefront may show, quote and sell: null when there is none of that code or the
 * back office unpublished it. Orders, files, mail and billing read theirs with `findMedia`, so an
 * unpublished placement's orders keep it.
 */
export async function findPublishedMedia(db: Db, mediacode: string): Promise<Placement | null> {
  const placement = await findMedia(db, mediacode);
  return placement && placement.published !== false ? placement : null;
}
