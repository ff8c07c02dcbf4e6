import { format } from 'date-fns';
import { eq, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import {
  type AdminPlacement,
  PLACEMENTS_PER_PAGE,
  placementInput,
  placementPatch,
  placementsQuery,
} from '../../contract/adminCatalogue';
import { mediacodeParam } from '../../contract/params';
import {
  keepPlacementImage,
  PLACEMENT_IMAGE_MAX_BYTES,
  placementImageUrl,
  placementWebp,
} from '../catalogue/images';
import {
  editedPlacement,
  marketList,
  nextMediacode,
  placementForEditing,
  placementsPage,
} from '../data/adminPlacements';
import { findMedia } from '../data/catalogue';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { markets, media, mediaImages } from '../db/schema';
import type { AppEnv } from '../env';
import { InvalidFields, invalidField, readBody } from '../http/body';
import { fail, ok } from '../http/envelope';
import { jsonAnswer } from '../http/jsonAnswer';
import { formBody, params, query } from '../http/validators';
import { UnreadableImage } from '../profile/avatar';
import { audit } from './audit';
import { requireStaff, signedInStaff } from './auth';
import {
  adminPlacementOf,
  auditView,
  channelImage,
  codePrefix,
  columnsOf,
  fieldsOf,
  type PlacementFields,
  scheduleProblem,
} from './placementRecord';

const byMediacode = params({ mediacode: mediacodeParam });
const byImage = params({
  mediacode: mediacodeParam,
  id: z.uuid('The picture id in the address is not valid.'),
});

const noPlacement = (c: Context<AppEnv>, code: string) =>
  fail(
    c,
    404,
    `There is no placement with the code ${code}. Check the code, or find it in the placements list.`,
  );

/** The editor's view of a placement now, or null when there is none of that code. */
async function adminPlacement(c: Context<AppEnv>, db: Db, code: string): Promise<AdminPlacement | null> {
  const found = await placementForEditing(db, code);
  return found
    ? adminPlacementOf(found.placement, found.edited, c.var.clock(), c.var.catalogue.calendar)
    : null;
}

/** The market's name of the fields, or a 422 when the code is none. */
async function marketNameOf(db: Db, fields: PlacementFields): Promise<string | null> {
  if (!fields.prodcode) return null;
  const [market] = await db
    .select({ name: markets.name })
    .from(markets)
    .where(eq(markets.prodcode, fields.prodcode))
    .limit(1);
  if (!market)
    throw invalidField(
      'prodcode',
      `There is no market with the code ${fields.prodcode}. Choose one from the list.`,
    );
  return market.name;
}

function checkSchedule(fields: PlacementFields) {
  const problem = scheduleProblem(fields);
  if (problem) throw invalidField('schedule', problem);
}

/** The picture of a multipart form's `image` field as kept, or a 422 saying what to send. */
async function pictureOf(c: Context<AppEnv>): Promise<Buffer> {
  const send = 'Choose a picture: send it as the form field "image" (multipart/form-data).';
  if (!(c.req.header('content-type') ?? '').toLowerCase().includes('multipart/form-data'))
    throw new InvalidFields({ image: send });
  const body = await readBody(c);
  const file =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>).image : undefined;
  if (!(file instanceof File)) throw new InvalidFields({ image: send });
  if (file.size > PLACEMENT_IMAGE_MAX_BYTES)
    throw new InvalidFields({ image: 'That picture is over 10 MB. Choose a smaller one.' });
  try {
    return await placementWebp(new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    if (error instanceof UnreadableImage) throw new InvalidFields({ image: error.message });
    throw error;
  }
}

/** A placement's pictures, its row locked until the transaction ends (two uploads at once keep both). */
async function lockedImages(tx: Db, code: string) {
  const [row] = await tx
    .select({ images: media.images, mediaType: media.mediaType })
    .from(media)
    .where(eq(media.mediacode, code))
    .for('update');
  return row ?? null;
}

/** Writes a placement's pictures and the `image` the storefront shows (the first, or its channel's). */
async function setImages(
  tx: Db,
  c: Context<AppEnv>,
  code: string,
  images: string[],
  type: PlacementFields['media_type'],
) {
  await tx
    .update(media)
    .set({
      images,
      image: images[0] ? placementImageUrl(images[0]) : channelImage(type),
      updatedAt: c.var.clock(),
      updatedBy: signedInStaff(c).id,
    })
    .where(eq(media.mediacode, code));
}

/**
 * The catalogue editor (issue 31, part 2): every placement, published or not. Each save is one write
 * to `media`, whose trigger notifies every server process (server/catalogue/changes.ts): the shop,
 * the site search and the quotes have it within seconds, on every replica.
 */
export const placementRoutes = new Hono<AppEnv>()
  .get('/markets', requireStaff('catalogue.read'), async (c) => ok(c, await marketList(c.var.db)))
  .get('/placements', requireStaff('catalogue.read'), query(placementsQuery), async (c) => {
    const asked = c.req.valid('query');
    const { rows, total } = await placementsPage(c.var.db, asked);
    return ok(c, rows, { page: asked.page, pages: Math.ceil(total / PLACEMENTS_PER_PAGE), total });
  })
  .get('/placements/:mediacode', requireStaff('catalogue.read'), byMediacode, async (c) => {
    const code = c.req.valid('param').mediacode;
    const answer = await adminPlacement(c, c.var.db, code);
    return answer ? ok(c, answer) : noPlacement(c, code);
  })
  .post('/placements', requireStaff('catalogue.edit'), formBody(placementInput), async (c) => {
    const fields = c.req.valid('form');
    checkSchedule(fields);
    const { db } = c.var;
    const marketName = await marketNameOf(db, fields);
    const now = c.var.clock();
    // Two placements made at once in one market may pick the same next code: the second takes the one after.
    for (let attempt = 0; ; attempt++) {
      const code = await nextMediacode(db, codePrefix(fields.media_type, fields.partner), fields.prodcode);
      try {
        await db.transaction(async (tx) => {
          await tx.insert(media).values({
            mediacode: code,
            ...columnsOf(fields, marketName),
            image: channelImage(fields.media_type),
            updatedAt: now,
            updatedBy: signedInStaff(c).id,
          });
          const made = await findMedia(tx, code);
          await audit(tx, c, {
            action: 'placement.created',
            record: { type: 'placement', id: code },
            before: null,
            after: made ? auditView(made, []) : null,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error) && attempt < 3) continue;
        throw error;
      }
      const answer = await adminPlacement(c, db, code);
      return ok(c, answer, {}, `${fields.name} is saved as ${code}.`);
    }
  })
  .patch(
    '/placements/:mediacode',
    requireStaff('catalogue.edit'),
    byMediacode,
    formBody(placementPatch),
    async (c) => {
      const code = c.req.valid('param').mediacode;
      const { version, ...patch } = c.req.valid('form');
      const { db } = c.var;
      const outcome = await db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ version: media.version })
          .from(media)
          .where(eq(media.mediacode, code))
          .for('update');
        if (!locked) return 'missing' as const;
        if (locked.version !== version) return 'conflict' as const;
        const [placement, edited] = await Promise.all([findMedia(tx, code), editedPlacement(tx, code)]);
        if (!placement || !edited) return 'missing' as const;
        const fields: PlacementFields = { ...fieldsOf(placement), ...patch };
        checkSchedule(fields);
        if (fields.media_type !== placement.media_type && edited.orders > 0) return 'channel-kept' as const;
        await tx
          .update(media)
          .set({
            ...columnsOf(fields, await marketNameOf(tx, fields)),
            version: sql`${media.version} + 1`,
            updatedAt: c.var.clock(),
            updatedBy: signedInStaff(c).id,
          })
          .where(eq(media.mediacode, code));
        const saved = await findMedia(tx, code);
        await audit(tx, c, {
          action: 'placement.updated',
          record: { type: 'placement', id: code },
          before: auditView(placement, edited.images),
          after: saved ? auditView(saved, edited.images) : null,
        });
        return 'saved' as const;
      });
      if (outcome === 'missing') return noPlacement(c, code);
      if (outcome === 'channel-kept')
        return fail(
          c,
          409,
          'This placement has orders, so its channel stays: their runs and prices were made for it. Make a new placement instead.',
        );
      const current = await adminPlacement(c, db, code);
      if (!current) return noPlacement(c, code);
      if (outcome === 'conflict') {
        const when = current.updated_at ? format(new Date(current.updated_at), 'HH:mm') : 'a moment ago';
        const who = current.updated_by ? ` (${current.updated_by})` : '';
        return jsonAnswer(
          c,
          {
            success: false,
            data: { current },
            meta: { drop_cookies: [] },
            message: `Someone else saved this placement at ${when}${who}: load their version, or keep yours and save again.`,
          },
          409,
        );
      }
      return ok(c, current, {}, 'Saved.');
    },
  )
  .post('/placements/:mediacode/images', requireStaff('catalogue.edit'), byMediacode, async (c) => {
    const code = c.req.valid('param').mediacode;
    const webp = await pictureOf(c);
    const { db } = c.var;
    const kept = await db.transaction(async (tx) => {
      const row = await lockedImages(tx, code);
      if (!row) return null;
      const id = await keepPlacementImage(tx, code, webp, c.var.clock());
      const images = [...row.images, id];
      await setImages(tx, c, code, images, row.mediaType as PlacementFields['media_type']);
      await audit(tx, c, {
        action: 'placement.imageAdded',
        record: { type: 'placement', id: code },
        before: { images: row.images },
        after: { images },
      });
      return id;
    });
    if (!kept) return noPlacement(c, code);
    return ok(c, await adminPlacement(c, db, code), {}, 'The picture is added.');
  })
  .delete('/placements/:mediacode/images/:id', requireStaff('catalogue.edit'), byImage, async (c) => {
    const { mediacode: code, id } = c.req.valid('param');
    const { db } = c.var;
    const outcome = await db.transaction(async (tx) => {
      const row = await lockedImages(tx, code);
      if (!row) return 'missing' as const;
      if (!row.images.includes(id)) return 'no-image' as const;
      const images = row.images.filter((kept) => kept !== id);
      await setImages(tx, c, code, images, row.mediaType as PlacementFields['media_type']);
      await tx.delete(mediaImages).where(eq(mediaImages.id, id));
      await audit(tx, c, {
        action: 'placement.imageRemoved',
        record: { type: 'placement', id: code },
        before: { images: row.images },
        after: { images },
      });
      return 'removed' as const;
    });
    if (outcome === 'missing') return noPlacement(c, code);
    if (outcome === 'no-image')
      return fail(c, 404, 'This placement has no such picture: it was already removed.');
    return ok(c, await adminPlacement(c, db, code), {}, 'The picture is removed.');
  });
