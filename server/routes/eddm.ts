import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  type EddmNear,
  type EddmPricing,
  type EddmZip,
  eddmCartBody,
  nearQuery,
  routeQuery,
  type ZipGeometry,
  zipOfRoute,
  zipQuery,
} from '../../contract/directMail';
import { eddmSelectionIdParam } from '../../contract/params';
import { addToCart } from '../checkout/cart';
import { createEddmCart, findEddmCart, updateEddmCart } from '../data/directMail';
import { zipsOfRoutes } from '../directMail/campaigns';
import { eddmCampaignItem } from '../directMail/eddmCampaign';
import { checkedSelection, EDDM_MAX_ZIPS, eddmCartView } from '../directMail/eddmSelection';
import { mapContextOf } from '../directMail/mapContext';
import { shownEddmPricing } from '../directMail/shownPricing';
import type { AppEnv } from '../env';
import { limitDirectMailBody } from '../http/bodyLimits';
import { eddmCampaignForm } from '../http/campaignForms';
import { addedToCart, shopperOf } from '../http/cartAnswers';
import { clientKey } from '../http/clientAddress';
import { fail, ok } from '../http/envelope';
import { selectionFields } from '../http/fieldShapes';
import { overLimit } from '../http/throttle';
import { BadInput } from '../http/validate';
import { formBody, params, query } from '../http/validators';

const unknownZip = (zip: string) => `We could not find the zip code ${zip}. Check the digits and try again.`;

/** The query of /near, its numbers first checked to be plain numbers (`coerce` takes "" as 0). */
function nearChecked(c: Context<AppEnv>): Record<string, string> {
  const raw = c.req.query();
  const examples = { lat: 'lat=41.92', lng: 'lng=-87.65', miles: 'miles=1.5' } as const;
  for (const [key, example] of Object.entries(examples)) {
    const value = raw[key]?.trim() ?? '';
    if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(value))
      throw new BadInput(`${key} is a number, like ${example}: send lat, lng and miles.`);
  }
  return raw;
}

const SELECTION_NOT_FOUND = 'We could not find this every-door selection. Choose the routes again.';

/**
 * SPEC: GET /eddm/zip, /eddm/zipgeom, /eddm/routebounds; POST /eddm/cart[/{id}] (and GET /eddm/cart/{id}
 * so the page survives reloads); POST /eddm/campaign/create. Issue 34: GET /eddm/near. Routes come from
 * `c.var.routes` (generated, or USPS's service: `EDDM_ROUTES`); places, markets and prices from the catalogue.
 */
export const eddmRoutes = new Hono<AppEnv>()
  .use(limitDirectMailBody)
  .get('/zip', query(zipQuery), async (c) => {
    const { zip } = c.req.valid('query');
    const areas = c.var.catalogue.directMail;
    const point = areas.zip(zip);
    if (!point) return fail(c, 404, unknownZip(zip));
    const found = await c.var.routes.zip(zip);
    const pricing = shownEddmPricing(c.var.catalogue, zip);
    if (!found) return fail(c, 404, unknownZip(zip));
    const answer: EddmZip = {
      zip,
      city: point.city,
      state: point.state,
      prodcode: point.prodcode,
      market: areas.points.market(point.prodcode)?.name ?? '',
      center: { lat: point.latitude, lng: point.longitude },
      bbox: found.bbox,
      routes: found.routes,
      pricing,
    };
    return ok(c, answer);
  })
  .get('/zipgeom', query(zipQuery), async (c) => {
    const { zip } = c.req.valid('query');
    const found = await c.var.routes.zip(zip);
    if (!found) return fail(c, 404, unknownZip(zip));
    const answer: ZipGeometry = { zip, geometry: found.outline, bbox: found.bbox, routes: found.shapes };
    return ok(c, answer);
  })
  // Issue 34: the offline map's labels and neighbouring outlines around a zip code.
  .get('/context', query(zipQuery), (c) => {
    const { zip } = c.req.valid('query');
    const context = mapContextOf(c.var.catalogue.directMail, zip);
    return context ? ok(c, context) : fail(c, 404, unknownZip(zip));
  })
  .get('/routebounds', query(routeQuery), async (c) => {
    const { routecode } = c.req.valid('query');
    const found = await c.var.routes.route(routecode);
    if (!found) {
      const zip = zipOfRoute(routecode);
      const message = c.var.catalogue.directMail.zip(zip)
        ? `There is no carrier route ${routecode} in ${zip}. Choose a route from GET /eddm/zip?zip=${zip}.`
        : unknownZip(zip);
      return fail(c, 404, message);
    }
    return ok(c, found.shape);
  })
  /** Every route within `miles` of a point (the business's pin), with the price of each zip code's mail. */
  .get('/near', query(nearQuery, nearChecked), async (c) => {
    // Anyone may ask (the map works before sign-in), so each client address has its share.
    const address = clientKey(c);
    const refused =
      address === null
        ? null
        : await overLimit(
            c,
            `eddm-near:${address}`,
            c.var.config.limits.eddmNearPerAddress,
            'Many radius searches came from your network in a short time.',
          );
    if (refused) return refused;
    const asked = c.req.valid('query');
    const found = await c.var.routes.near(asked);
    const zips = zipsOfRoutes(found.routes.map((r) => r.routecode));
    // Routes that one mailing could never take are not offered: the person narrows the radius.
    if (zips.length > EDDM_MAX_ZIPS)
      return fail(
        c,
        422,
        `Within ${asked.miles} miles there are routes in ${zips.length} zip codes, more than the ${EDDM_MAX_ZIPS} one mailing covers. Choose a smaller radius.`,
      );
    const pricing: Record<string, EddmPricing> = {};
    for (const zip of zips) pricing[zip] = shownEddmPricing(c.var.catalogue, zip);
    const answer: EddmNear = {
      center: { lat: asked.lat, lng: asked.lng },
      miles: asked.miles,
      bbox: found.bbox,
      routes: found.routes,
      shapes: found.shapes,
      pricing,
    };
    return ok(c, answer);
  })
  .post('/cart', formBody(eddmCartBody, selectionFields), async (c) => {
    const selection = await checkedSelection(c.var.routes, c.req.valid('form'));
    const row = await createEddmCart(c.var.db, selection, c.var.clock());
    return ok(c, await eddmCartView(c.var.db, c.var.routes, row));
  })
  .post(
    '/cart/:id',
    params({ id: eddmSelectionIdParam }),
    formBody(eddmCartBody, selectionFields),
    async (c) => {
      const { id } = c.req.valid('param');
      const selection = await checkedSelection(c.var.routes, c.req.valid('form'));
      const row = await updateEddmCart(c.var.db, id, selection, c.var.clock());
      if (!row) return fail(c, 404, SELECTION_NOT_FOUND);
      return ok(c, await eddmCartView(c.var.db, c.var.routes, row));
    },
  )
  .get('/cart/:id', params({ id: eddmSelectionIdParam }), async (c) => {
    const { id } = c.req.valid('param');
    const row = await findEddmCart(c.var.db, id);
    if (!row) return fail(c, 404, SELECTION_NOT_FOUND);
    return ok(c, await eddmCartView(c.var.db, c.var.routes, row));
  })
  .post('/campaign/create', eddmCampaignForm, async (c) => {
    const body = c.req.valid('form');
    const now = c.var.clock();
    const { item, message } = await eddmCampaignItem(
      c.var.db,
      c.var.routes,
      body,
      now,
      c.var.catalogue.calendar,
    );
    const added = await addToCart(c.var.db, await shopperOf(c), body.cartid, item, now);
    return addedToCart(c, added, message);
  });
