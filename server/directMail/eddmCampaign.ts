import { eddmPieces, mailingCostCents, pricingZipOf } from '../../contract/directMail';
import { formatCount } from '../../contract/money';
import type { NewCartItem } from '../checkout/cart';
import { findEddmCart } from '../data/directMail';
import type { Db } from '../db/client';
import { invalidField } from '../http/body';
import type { ScheduleCalendar } from '../pricing/calendar';
import { chooseDates } from '../pricing/quote';
import { EDDM_RULES, eddmPricingOf, listInWords, zipsOfRoutes } from './campaigns';
import type { RouteSource } from './routeSource';

/**
 * The cart item of an every-door campaign: the saved selection's routes, checked against the mailing's
 * limits, priced by the first route's zip code (its market's placement) for the chosen drop week.
 * Anything that stops it is a 422 on the field to change.
 */
export async function eddmCampaignItem(
  db: Db,
  source: RouteSource,
  request: { eddmcartid: string; date_start: string },
  now: Date,
  calendar: ScheduleCalendar,
): Promise<{ item: NewCartItem; message: string }> {
  const selection = await findEddmCart(db, request.eddmcartid);
  if (!selection)
    throw invalidField('eddmcartid', 'We could not find this every-door selection. Choose the routes again.');
  const { routes, unknown } = await source.routes(selection.routes);
  const areas = source.areas;
  if (unknown.length > 0)
    throw invalidField(
      'routes',
      `The carrier routes ${listInWords(unknown, 5)} are no longer delivered. Choose the routes again.`,
    );
  const pieces = eddmPieces(routes, selection.residentialOnly);
  if (pieces < EDDM_RULES.minimumPieces)
    throw invalidField(
      'routes',
      `Every-door mail goes to at least ${formatCount(EDDM_RULES.minimumPieces)} households: this selection reaches ${formatCount(pieces)}. Choose more carrier routes${selection.residentialOnly ? ' or include businesses' : ''}.`,
    );
  if (pieces > EDDM_RULES.maximumPieces)
    throw invalidField(
      'routes',
      `One mailing goes to at most ${formatCount(EDDM_RULES.maximumPieces)} addresses: this selection reaches ${formatCount(pieces)}. Choose fewer carrier routes, or split them into two mailings.`,
    );
  const codes = routes.map((r) => r.routecode);
  const zips = zipsOfRoutes(codes);
  const pricingZip = pricingZipOf(codes);
  const { placement, pricing } = await eddmPricingOf(db, areas, pricingZip);
  if (!placement) {
    const market = areas.zip(pricingZip ?? '')?.prodcode;
    throw invalidField(
      'routes',
      `Every-door mail is not sold in ${areas.points.market(market ?? '')?.name ?? 'this area'} yet. Choose routes in another market.`,
    );
  }
  const [drop] = chooseDates(placement, [request.date_start], now, 'date_start', calendar);
  if (!drop) throw invalidField('date_start', 'Choose the week the mail goes out.');
  return {
    item: {
      mediacode: placement.mediacode,
      dates: [drop.value],
      quantity: pieces,
      priceCents: mailingCostCents(pieces, pricing.per_thousand_cents),
      details: {
        kind: 'eddm',
        routes: codes,
        residential_only: selection.residentialOnly,
        zips,
        // The pieces of each route as bought, for the order page and the invoice once counts change.
        route_pieces: Object.fromEntries(
          routes.map((r) => [r.routecode, eddmPieces([r], selection.residentialOnly)]),
        ),
      },
    },
    message: `Every Door Direct Mail to ${listInWords(zips)} is in your cart.`,
  };
}
