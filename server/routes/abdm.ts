import { Hono } from 'hono';
import { type AbdmRates, abdmRatesQuery } from '../../contract/directMail';
import { formatCents } from '../../contract/money';
import { addToCart } from '../checkout/cart';
import { placementsOfType } from '../data/directMail';
import {
  abdmCampaignItem,
  abdmPlacement,
  abdmQuoteOf,
  belowMinimum,
  checkedZipcodes,
} from '../directMail/abdmCampaign';
import { ABDM_RULES, abdmList, perThousandCents } from '../directMail/campaigns';
import type { AppEnv } from '../env';
import { invalidField } from '../http/body';
import { limitDirectMailBody } from '../http/bodyLimits';
import { abdmCampaignForm, abdmQuoteForm } from '../http/campaignForms';
import { addedToCart, shopperOf } from '../http/cartAnswers';
import { fail, ok } from '../http/envelope';
import { query } from '../http/validators';

/** SPEC: GET /abdm/rates, POST /abdm/campaign/quote and /abdm/campaign/create. */
export const abdmRoutes = new Hono<AppEnv>()
  .use(limitDirectMailBody)
  .get('/rates', query(abdmRatesQuery), async (c) => {
    const { zip, prodcode: asked } = c.req.valid('query');
    const areas = c.var.catalogue.directMail;
    let prodcode = asked;
    if (zip) {
      const point = areas.zip(zip);
      if (!point)
        return fail(c, 404, `We could not find the zip code ${zip}. Check the digits and try again.`);
      if (prodcode && prodcode !== point.prodcode)
        throw invalidField('zip', `The zip code ${zip} is not in the market ${prodcode}.`);
      prodcode = point.prodcode;
    }
    if (prodcode && !areas.points.market(prodcode))
      return fail(c, 404, `There is no market with the code ${prodcode}. Search for a zip code instead.`);
    const placements = await placementsOfType(c.var.db, 'abdm', prodcode);
    const answer: AbdmRates = {
      rates: placements.map((item) => ({
        mediacode: item.mediacode,
        list: abdmList(item),
        name: item.name,
        prodcode: item.prodcode ?? '',
        market: item.market,
        per_thousand_cents: perThousandCents(item),
        per_thousand_formatted: formatCents(perThousandCents(item)),
      })),
      minimum_pieces: ABDM_RULES.minimumPieces,
      maximum_zipcodes: ABDM_RULES.maximumZipcodes,
    };
    return ok(c, answer);
  })
  .post('/campaign/quote', abdmQuoteForm, async (c) => {
    const body = c.req.valid('form');
    const item = await abdmPlacement(c.var.db, body.mediacode);
    const areas = c.var.catalogue.directMail;
    const zips = checkedZipcodes(areas, body.zipcodes, item);
    const quote = abdmQuoteOf(areas, item, zips, c.var.clock(), c.var.catalogue.calendar);
    const message = quote.meets_minimum ? '' : `${belowMinimum(quote.pieces)} Add zip codes to order it.`;
    return ok(c, quote, {}, message);
  })
  .post('/campaign/create', abdmCampaignForm, async (c) => {
    const body = c.req.valid('form');
    const now = c.var.clock();
    const { directMail, calendar } = c.var.catalogue;
    const { item, message } = await abdmCampaignItem(c.var.db, directMail, body, now, calendar);
    const added = await addToCart(c.var.db, await shopperOf(c), body.cartid, item, now);
    return addedToCart(c, added, message);
  });
