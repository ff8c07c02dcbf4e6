import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { type MediaSearchQuery, mediaSearchQuery } from '../../contract/media';
import { mediacodeParam } from '../../contract/params';
import { availabilityQuery, quoteQuery } from '../../contract/quote';
import { placementImage } from '../catalogue/images';
import type { CatalogueIndex } from '../catalogue/index';
import { mediaOn, type Placement } from '../catalogue/placement';
import { findMedia } from '../data/catalogue';
import { eddmMediaType } from '../directMail/campaigns';
import type { AppEnv } from '../env';
import { fail, ok, okEnvelope } from '../http/envelope';
import { preparedAnswer, prepareJson } from '../http/jsonAnswer';
import { queryObject } from '../http/validate';
import { params, query } from '../http/validators';
import { availabilityAnswer, availabilityOf } from '../pricing/availability';
import { quotePlacement } from '../pricing/quote';
import { SearchAnswers, searchKey } from './searchAnswers';

const byMediacode = params({ mediacode: mediacodeParam });

/** The placement of a media code: the record, or the 404 answer. */
async function placementOf(
  c: Context<AppEnv>,
  code: string,
): Promise<{ item: Placement } | { missing: Response }> {
  const item = await findMedia(c.var.db, code);
  if (!item)
    return {
      missing: fail(c, 404, `There is no placement with the code ${code}. It may have been removed.`),
    };
  // Issue 31: unpublished in the back office; its orders still read it (findMedia), the shop does not.
  if (item.published === false)
    return {
      missing: fail(
        c,
        404,
        `${item.name} (${code}) is not on sale any more. Find a similar placement in the shop.`,
      ),
    };
  return { item };
}

/** The kept search answers of each state of the catalogue (its placements are a new list after each reload). */
const searchAnswers = new WeakMap<readonly Placement[], SearchAnswers>();

function searchAnswersOf(catalogue: CatalogueIndex): SearchAnswers {
  let answers = searchAnswers.get(catalogue.placements);
  if (!answers) {
    answers = new SearchAnswers();
    searchAnswers.set(catalogue.placements, answers);
  }
  return answers;
}

/** The shop's search on a day, in the SPEC envelope. */
function searchAnswer(catalogue: CatalogueIndex, search: MediaSearchQuery, today: Date) {
  const zipCodes = [...new Set(search.zip)];
  const { markets, unknown } = catalogue.marketsOfZips(zipCodes);
  // An unknown zip is not bad input (it is well formed): the answer says so and lists what it can.
  const message = unknown.length
    ? `We could not find the zip code${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}. Check the digits and try again.`
    : '';
  const paging = { page: search.page, per_page: search.per_page };
  if (zipCodes.length > 0 && markets.length === 0)
    return okEnvelope(
      { items: [], markets, unknown_zips: unknown },
      { ...paging, total: 0, pages: 0 },
      message,
    );
  const prodcodes = zipCodes.length ? markets.map((m) => m.prodcode) : null;
  const { items, total } = catalogue.search(search, prodcodes, today);
  return okEnvelope(
    { items, markets, unknown_zips: unknown },
    { ...paging, total, pages: Math.ceil(total / search.per_page) },
    message,
  );
}

export const mediaRoutes = new Hono<AppEnv>()
  /** SPEC: POST /media/search with query media_types[], lifestyle, zip[] (plus search, page, per_page). */
  .post(
    '/search',
    query(mediaSearchQuery, (c) => queryObject(c, ['media_types', 'zip'])),
    (c) => {
      const search = c.req.valid('query');
      // One read: c.var makes an object of every variable each time it is read.
      const { catalogue, clock } = c.var;
      // The answer is the same for everyone all day (until the catalogue changes): made once, kept.
      const now = clock();
      const answer = searchAnswersOf(catalogue).answer(now, searchKey(search), () =>
        prepareJson(searchAnswer(catalogue, search, now)),
      );
      return preparedAnswer(c, answer);
    },
  )
  .on(['GET', 'PUT', 'PATCH', 'DELETE'], '/search', (c) => {
    c.header('Allow', 'POST');
    return fail(c, 405, 'Search with POST /api/v1/media/search.');
  })
  /** How every-door direct mail is sold (minimum and maximum pieces, default price, what is included). */
  .get('/type/eddm', (c) => ok(c, eddmMediaType()))
  /** Issue 31: a placement's picture, public and cached for good (a new picture gets a new id). */
  .get('/images/:id', async (c) => {
    const id = c.req.param('id');
    const image = z.uuid().safeParse(id).success ? await placementImage(c.var.db, id) : null;
    if (!image) return fail(c, 404, 'There is no such picture: it was replaced or removed.');
    return c.body(new Uint8Array(image), 200, {
      'Content-Type': 'image/webp',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  })
  /** The dates a placement can be bought for and its quantities (prodcode is accepted and not needed). */
  .get(
    '/:mediacode/availability',
    query(availabilityQuery, (c) => ({ prodcode: c.req.query('prodcode')?.toUpperCase() })),
    byMediacode,
    async (c) => {
      const found = await placementOf(c, c.req.valid('param').mediacode);
      if ('missing' in found) return found.missing;
      const { calendar } = c.var.catalogue;
      return ok(c, availabilityAnswer(availabilityOf(found.item, c.var.clock(), calendar)));
    },
  )
  /** A price for dates[] (repeated or comma-separated) and a quantity, computed here, never sent. */
  .get(
    '/:mediacode/quote',
    query(quoteQuery, (c) => queryObject(c, ['dates'])),
    byMediacode,
    async (c) => {
      const found = await placementOf(c, c.req.valid('param').mediacode);
      if ('missing' in found) return found.missing;
      const { calendar } = c.var.catalogue;
      return ok(c, quotePlacement(found.item, c.req.valid('query'), c.var.clock(), calendar).quote);
    },
  )
  /** The placement, with its next issue or start date on the clock's day. */
  .get('/:mediacode', byMediacode, async (c) => {
    const found = await placementOf(c, c.req.valid('param').mediacode);
    if ('missing' in found) return found.missing;
    return ok(c, mediaOn(found.item, c.var.clock(), c.var.catalogue.calendar));
  });
