import { Hono } from 'hono';
import {
  type EddmZip,
  eddmCartBody,
  type RouteGeometry,
  routeQuery,
  type ZipGeometry,
  zipOfRoute,
  zipQuery,
} from '../../contract/directMail';
import { eddmSelectionIdParam } from '../../contract/params';
import { addToCart } from '../checkout/cart';
import { createEddmCart, findEddmCart, updateEddmCart } from '../data/directMail';
import { eddmPricingOf } from '../directMail/campaigns';
import { eddmCampaignItem } from '../directMail/eddmCampaign';
import { checkedSelection, eddmCartView } from '../directMail/eddmSelection';
import { bboxOf, polygonOf } from '../directMail/geoJson';
import type { AppEnv } from '../env';
import { limitDirectMailBody } from '../http/bodyLimits';
import { eddmCampaignForm } from '../http/campaignForms';
import { addedToCart, shopperOf } from '../http/cartAnswers';
import { fail, ok } from '../http/envelope';
import { selectionFields } from '../http/fieldShapes';
import { formBody, params, query } from '../http/validators';

const unknownZip = (zip: string) => `We could not find the zip code ${zip}. Check the digits and try again.`;
/** A route's area as both /eddm/routebounds and /eddm/zipgeom answer it. */
function routeArea(routecode: string, ...shape: Parameters<typeof polygonOf>): RouteGeometry {
  const geometry = polygonOf(...shape);
  return { routecode, geometry, bbox: bboxOf(geometry) };
}

const SELECTION_NOT_FOUND = 'We could not find this every-door selection. Choose the routes again.';

/**
 * SPEC: GET /eddm/zip, /eddm/zipgeom, /eddm/routebounds; POST /eddm/cart[/{id}] (and GET /eddm/cart/{id}
 * so the page survives reloads); POST /eddm/campaign/create.
 */
export const eddmRoutes = new Hono<AppEnv>()
  .use(limitDirectMailBody)
  .get('/zip', query(zipQuery), async (c) => {
    const { zip } = c.req.valid('query');
    const areas = c.var.catalogue.directMail;
    const found = areas.routesOf(zip);
    const point = areas.zip(zip);
    if (!found || !point) return fail(c, 404, unknownZip(zip));
    const { pricing } = await eddmPricingOf(c.var.db, areas, zip);
    const answer: EddmZip = {
      zip,
      city: point.city,
      state: point.state,
      prodcode: point.prodcode,
      market: areas.points.market(point.prodcode)?.name ?? '',
      center: { lat: point.latitude, lng: point.longitude },
      bbox: bboxOf(polygonOf(found.area.shape, found.area.projection)),
      routes: found.routes.map((r) => r.route),
      pricing,
    };
    return ok(c, answer);
  })
  .get('/zipgeom', query(zipQuery), (c) => {
    const { zip } = c.req.valid('query');
    const found = c.var.catalogue.directMail.routesOf(zip);
    if (!found) return fail(c, 404, unknownZip(zip));
    const geometry = polygonOf(found.area.shape, found.area.projection);
    const answer: ZipGeometry = {
      zip,
      geometry,
      bbox: bboxOf(geometry),
      routes: found.routes.map((r) => routeArea(r.route.routecode, r.shape, found.area.projection)),
    };
    return ok(c, answer);
  })
  .get('/routebounds', query(routeQuery), (c) => {
    const { routecode } = c.req.valid('query');
    const areas = c.var.catalogue.directMail;
    const found = areas.route(routecode);
    if (!found) {
      const zip = zipOfRoute(routecode);
      const message = areas.zip(zip)
        ? `There is no carrier route ${routecode} in ${zip}. Choose a route from GET /eddm/zip?zip=${zip}.`
        : unknownZip(zip);
      return fail(c, 404, message);
    }
    return ok(c, routeArea(found.route.route.routecode, found.route.shape, found.zip.area.projection));
  })
  .post('/cart', formBody(eddmCartBody, selectionFields), async (c) => {
    const areas = c.var.catalogue.directMail;
    const selection = checkedSelection(areas, c.req.valid('form'));
    const row = await createEddmCart(c.var.db, selection, c.var.clock());
    return ok(c, await eddmCartView(c.var.db, areas, row));
  })
  .post(
    '/cart/:id',
    params({ id: eddmSelectionIdParam }),
    formBody(eddmCartBody, selectionFields),
    async (c) => {
      const { id } = c.req.valid('param');
      const areas = c.var.catalogue.directMail;
      const selection = checkedSelection(areas, c.req.valid('form'));
      const row = await updateEddmCart(c.var.db, id, selection, c.var.clock());
      if (!row) return fail(c, 404, SELECTION_NOT_FOUND);
      return ok(c, await eddmCartView(c.var.db, areas, row));
    },
  )
  .get('/cart/:id', params({ id: eddmSelectionIdParam }), async (c) => {
    const { id } = c.req.valid('param');
    const row = await findEddmCart(c.var.db, id);
    if (!row) return fail(c, 404, SELECTION_NOT_FOUND);
    return ok(c, await eddmCartView(c.var.db, c.var.catalogue.directMail, row));
  })
  .post('/campaign/create', eddmCampaignForm, async (c) => {
    const body = c.req.valid('form');
    const now = c.var.clock();
    const { directMail, calendar } = c.var.catalogue;
    const { item, message } = await eddmCampaignItem(c.var.db, directMail, body, now, calendar);
    const added = await addToCart(c.var.db, await shopperOf(c), body.cartid, item, now);
    return addedToCart(c, added, message);
  });
