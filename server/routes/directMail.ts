import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import {
  type AbdmQuote,
  type AbdmRates,
  abdmCampaignBody,
  abdmQuoteBody,
  type EddmCart,
  type EddmZip,
  eddmCampaignBody,
  eddmCartBody,
  eddmPieces,
  mailingCostCents,
  type RouteGeometry,
  routeQuery,
  type ZipGeometry,
  zipQuery,
} from '../../contract/directMail';
import type { Media } from '../../contract/media';
import type { AppEnv } from '../app';
import { findMedia } from '../data/catalogue';
import {
  createEddmCart,
  type EddmCartRow,
  findEddmCart,
  placementsOfType,
  updateEddmCart,
} from '../data/directMail';
import type { Db } from '../db/client';
import type { DirectMailAreas } from '../directMail/areas';
import {
  ABDM_RULES,
  type AbdmZipCount,
  abdmList,
  abdmZipCounts,
  EDDM_RULES,
  eddmPricingOf,
  listInWords,
  perThousandCents,
  resolveRoutes,
  zipProblems,
  zipsOfRoutes,
} from '../directMail/campaigns';
import { bboxOf, polygonOf } from '../directMail/geoJson';
import { optionalUser } from '../http/auth';
import { InvalidFields, nestFields, parseFields, readBody } from '../http/body';
import { fail, ok } from '../http/envelope';
import { parseOrThrow } from '../http/validate';
import { availabilityOf } from '../pricing/availability';
import { formatCents, formatCount } from '../pricing/money';
import { chooseDates } from '../pricing/quote';
import { addToCart, itemFields } from './checkout';

const selectionId = z.uuid('The every-door selection id in the address is not valid.');
const ratesQuery = z.object({
  prodcode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{3,20}$/, 'The market code is not valid.')
    .optional(),
  zip: zipQuery.shape.zip.optional(),
});

const unknownZip = (zip: string) => `We could not find the zip code ${zip}. Check the digits and try again.`;

/** A 422 about one field, with the same sentence as the answer's message. */
const invalid = (field: string, message: string) => new InvalidFields({ [field]: message }, message);

const areasOf = (c: Context<AppEnv>): DirectMailAreas => c.var.catalogue.directMail;

/** The body's fields, whichever way they came: form fields or JSON, `x[]` repeated or a comma list. */
async function campaignFields(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const fields = itemFields(await readBody(c));
  if (!fields || typeof fields !== 'object' || Array.isArray(fields))
    throw invalid('form', 'Send the campaign as form fields or a JSON object.');
  const out = { ...(fields as Record<string, unknown>) };
  // zipcodes as SPEC sends them is a comma list; a list of fields or a JSON array says the same.
  if (Array.isArray(out.zipcodes) && out.zipcodes.every((z) => typeof z === 'string'))
    out.zipcodes = out.zipcodes.join(',');
  return out;
}

/**
 * A campaign body checked against its schema, saying first which fields are missing (in words, not
 * zod's) and answering with the first problem as the message.
 */
function parseCampaign<S extends z.ZodType>(
  schema: S,
  fields: Record<string, unknown>,
  missing: Record<string, string>,
): z.infer<S> {
  const absent = Object.fromEntries(
    Object.entries(missing).filter(([field]) => {
      const value = fields[field];
      return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    }),
  );
  const [first] = Object.values(absent);
  if (first) throw new InvalidFields(absent, first);
  try {
    return parseFields(schema, fields);
  } catch (error) {
    if (!(error instanceof InvalidFields)) throw error;
    // zod's own words ("Invalid input: expected string, received array") become the field's sentence.
    const errors = Object.fromEntries(
      Object.entries(error.errors).map(([field, text]) => [
        field,
        /^Invalid/.test(text) ? (FIELD_MESSAGES[field] ?? text) : text,
      ]),
    );
    const [message = error.message] = Object.values(errors);
    throw new InvalidFields(errors, message);
  }
}

const CHOOSE_DROP_WEEK = 'Choose the week the mail goes out (date_start, a Monday like 2027-03-01).';
const EDDM_MISSING = {
  eddmcartid: 'Choose the carrier routes first (eddmcartid, the id of the every-door selection).',
  date_start: CHOOSE_DROP_WEEK,
};
const ABDM_QUOTE_MISSING = {
  mediacode: 'Choose an audience mailing list (mediacode).',
  zipcodes: 'Enter the zip codes to mail, separated by commas.',
};
const ABDM_MISSING = { ...ABDM_QUOTE_MISSING, date_start: CHOOSE_DROP_WEEK };
const FIELD_MESSAGES: Record<string, string> = {
  ...EDDM_MISSING,
  ...ABDM_MISSING,
  eddmcartid: 'The every-door selection is not valid: reload the page.',
  cartid: 'The cart id is not valid. Leave it out to use your current cart.',
};

/** The routes of an every-door selection body: codes from JSON, or from form fields. */
function selectionFields(body: unknown): unknown {
  const fields = nestFields(body);
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return fields;
  const out = { ...(fields as Record<string, unknown>) };
  if (typeof out.routes === 'string') out.routes = out.routes.split(/[\s,;]+/).filter(Boolean);
  const flag = out.residential_only;
  if (typeof flag === 'string') {
    const word = flag.trim().toLowerCase();
    if (['1', 'true', 'on', 'yes'].includes(word)) out.residential_only = true;
    if (['0', 'false', 'off', 'no', ''].includes(word)) out.residential_only = false;
  }
  return out;
}

/** An every-door selection as the API answers it: its routes with counts, pieces and price. */
async function eddmCartView(db: Db, areas: DirectMailAreas, row: EddmCartRow): Promise<EddmCart> {
  const { routes } = resolveRoutes(areas, row.routes);
  // Priced by the zip code of the first route (one mailing, one placement; see eddmPricingOf).
  const { pricing } = await eddmPricingOf(db, areas, routes[0]?.routecode.slice(0, 5));
  const pieces = eddmPieces(routes, row.residentialOnly);
  const cost = mailingCostCents(pieces, pricing.per_thousand_cents);
  return {
    id: row.id,
    routes,
    residential_only: row.residentialOnly,
    pieces,
    cost_cents: cost,
    cost_formatted: formatCents(cost),
    pricing,
    meets_minimum: pieces >= EDDM_RULES.minimumPieces,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The routes of a selection body, checked: every code must name a route (422 naming those that do not). */
function checkedSelection(areas: DirectMailAreas, body: unknown) {
  const selection = parseFields(eddmCartBody, selectionFields(body));
  const routes = [...new Set(selection.routes)];
  // Each zip code's routes are computed on first use: a request may only ask for a few.
  const zips = zipsOfRoutes(routes);
  if (zips.length > EDDM_MAX_ZIPS)
    throw invalid(
      'routes',
      `A mailing covers at most ${EDDM_MAX_ZIPS} zip codes (these routes are in ${zips.length}). Split it into several mailings.`,
    );
  const { unknown } = resolveRoutes(areas, routes);
  if (unknown.length > 0)
    throw invalid(
      'routes',
      `There ${unknown.length === 1 ? 'is no carrier route' : 'are no carrier routes'} ${listInWords(unknown, 5)}. Choose the routes on the map again.`,
    );
  return { routes, residentialOnly: selection.residential_only };
}

/** An audience placement by code, or a 422 on mediacode. */
async function abdmPlacement(db: Db, code: string): Promise<Media> {
  const mediacode = code.toUpperCase();
  const item = /^[A-Z0-9-]{3,32}$/.test(mediacode) ? await findMedia(db, mediacode) : null;
  if (!item)
    throw invalid('mediacode', `There is no placement with the code ${mediacode}. It may have been removed.`);
  if (item.media_type !== 'abdm')
    throw invalid('mediacode', `${item.name} is not audience mail. Choose an audience mailing list.`);
  return item;
}

/** How many zip codes one every-door selection may span. */
const EDDM_MAX_ZIPS = 20;

/**
 * The zip codes of an audience campaign, checked: 1 to 50 known five-digit zip codes, in the market
 * of the list (a list is sold, and priced, for its market).
 */
function checkedZipcodes(areas: DirectMailAreas, zipcodes: readonly string[], item: Media): string[] {
  if (zipcodes.length === 0) throw invalid('zipcodes', 'Enter the zip codes to mail, separated by commas.');
  if (zipcodes.length > ABDM_RULES.maximumZipcodes)
    throw invalid(
      'zipcodes',
      `Choose at most ${ABDM_RULES.maximumZipcodes} zip codes for one mailing (you chose ${zipcodes.length}).`,
    );
  const { malformed, unknown } = zipProblems(areas, zipcodes);
  if (malformed.length > 0)
    throw invalid(
      'zipcodes',
      `${listInWords(
        malformed.map((z) => `"${z.slice(0, 12)}"`),
        5,
      )} ${malformed.length === 1 ? 'is not a zip code' : 'are not zip codes'}: a zip code has five digits, like 60614.`,
    );
  if (unknown.length > 0)
    throw invalid(
      'zipcodes',
      `We could not find the zip code${unknown.length === 1 ? '' : 's'} ${listInWords(unknown, 5)}. Check the digits and try again.`,
    );
  const elsewhere = zipcodes.filter((zip) => areas.zip(zip)?.prodcode !== item.prodcode);
  if (elsewhere.length > 0)
    throw invalid(
      'zipcodes',
      `${listInWords(elsewhere, 5)} ${elsewhere.length === 1 ? 'is' : 'are'} outside the ${item.market} market of this list. Choose zip codes in it, or a list of their market.`,
    );
  return [...zipcodes];
}

/** The audience quote: matching households of each zip code and the price. */
function abdmQuoteOf(areas: DirectMailAreas, item: Media, zips: readonly string[], now: Date): AbdmQuote {
  const counts: AbdmZipCount[] = abdmZipCounts(areas, item, zips);
  const pieces = counts.reduce((sum, zip) => sum + zip.matching, 0);
  const perThousand = perThousandCents(item);
  const total = mailingCostCents(pieces, perThousand);
  return {
    mediacode: item.mediacode,
    list: abdmList(item),
    zipcodes: counts,
    pieces,
    per_thousand_cents: perThousand,
    total_cents: total,
    total_formatted: formatCents(total),
    minimum_pieces: ABDM_RULES.minimumPieces,
    meets_minimum: pieces >= ABDM_RULES.minimumPieces,
    drop_weeks: availabilityOf(item, now)
      .dated.filter((option) => option.problem === null)
      .map((option) => option.value),
  };
}

/**
 * SPEC: GET /eddm/zip, /eddm/zipgeom, /eddm/routebounds; POST /eddm/cart[/{id}] (and GET /eddm/cart/{id}
 * so the page survives reloads); POST /eddm/campaign/create.
 */
/** Selections and campaigns are a few kilobytes; anything this big is a mistake or an attack. */
const limitBody = bodyLimit({
  maxSize: 64 * 1024,
  onError: (c) => fail(c, 413, 'That request is too large. Choose fewer routes or zip codes.'),
});

export const eddmRoutes = new Hono<AppEnv>()
  .use(limitBody)
  .get('/zip', async (c) => {
    const { zip } = parseOrThrow(zipQuery, c.req.query());
    const areas = areasOf(c);
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
      bbox: bboxOf(polygonOf(found.area.ring, found.area.projection)),
      routes: found.routes.map((r) => r.route),
      pricing,
    };
    return ok(c, answer);
  })
  .get('/zipgeom', (c) => {
    const { zip } = parseOrThrow(zipQuery, c.req.query());
    const area = areasOf(c).zipArea(zip);
    if (!area) return fail(c, 404, unknownZip(zip));
    const geometry = polygonOf(area.ring, area.projection);
    const answer: ZipGeometry = { zip, geometry, bbox: bboxOf(geometry) };
    return ok(c, answer);
  })
  .get('/routebounds', (c) => {
    const { routecode } = parseOrThrow(routeQuery, c.req.query());
    const found = areasOf(c).route(routecode);
    if (!found) {
      const zip = routecode.slice(0, 5);
      const message = areasOf(c).zip(zip)
        ? `There is no carrier route ${routecode} in ${zip}. Choose a route from GET /eddm/zip?zip=${zip}.`
        : unknownZip(zip);
      return fail(c, 404, message);
    }
    const geometry = polygonOf(found.route.ring, found.zip.area.projection);
    const answer: RouteGeometry = { routecode, geometry, bbox: bboxOf(geometry) };
    return ok(c, answer);
  })
  .post('/cart', async (c) => {
    const areas = areasOf(c);
    const selection = checkedSelection(areas, await readBody(c));
    const row = await createEddmCart(c.var.db, selection, c.var.clock());
    return ok(c, await eddmCartView(c.var.db, areas, row));
  })
  .post('/cart/:id', async (c) => {
    const id = parseOrThrow(selectionId, c.req.param('id'));
    const areas = areasOf(c);
    const selection = checkedSelection(areas, await readBody(c));
    const row = await updateEddmCart(c.var.db, id, selection, c.var.clock());
    if (!row) return fail(c, 404, 'We could not find this every-door selection. Choose the routes again.');
    return ok(c, await eddmCartView(c.var.db, areas, row));
  })
  .get('/cart/:id', async (c) => {
    const id = parseOrThrow(selectionId, c.req.param('id'));
    const row = await findEddmCart(c.var.db, id);
    if (!row) return fail(c, 404, 'We could not find this every-door selection. Choose the routes again.');
    return ok(c, await eddmCartView(c.var.db, areasOf(c), row));
  })
  .post('/campaign/create', async (c) => {
    const account = await optionalUser(c);
    const body = parseCampaign(eddmCampaignBody, await campaignFields(c), EDDM_MISSING);
    const areas = areasOf(c);
    const selection = await findEddmCart(c.var.db, body.eddmcartid);
    if (!selection)
      throw invalid('eddmcartid', 'We could not find this every-door selection. Choose the routes again.');
    const { routes, unknown } = resolveRoutes(areas, selection.routes);
    if (unknown.length > 0)
      throw invalid(
        'routes',
        `The carrier routes ${listInWords(unknown, 5)} are no longer delivered. Choose the routes again.`,
      );
    const pieces = eddmPieces(routes, selection.residentialOnly);
    if (pieces < EDDM_RULES.minimumPieces)
      throw invalid(
        'routes',
        `Every-door mail goes to at least ${formatCount(EDDM_RULES.minimumPieces)} households: this selection reaches ${formatCount(pieces)}. Choose more carrier routes${selection.residentialOnly ? ' or include businesses' : ''}.`,
      );
    if (pieces > EDDM_RULES.maximumPieces)
      throw invalid(
        'routes',
        `One mailing goes to at most ${formatCount(EDDM_RULES.maximumPieces)} addresses: this selection reaches ${formatCount(pieces)}. Choose fewer carrier routes, or split them into two mailings.`,
      );
    const codes = routes.map((r) => r.routecode);
    const zips = zipsOfRoutes(codes);
    // Several zip codes: the mailing is priced by the first route's zip code (its market's placement).
    const { placement, pricing } = await eddmPricingOf(c.var.db, areas, zips[0]);
    if (!placement) {
      const market = areas.zip(zips[0] ?? '')?.prodcode;
      throw invalid(
        'routes',
        `Every-door mail is not sold in ${areas.points.market(market ?? '')?.name ?? 'this area'} yet. Choose routes in another market.`,
      );
    }
    const [drop] = chooseDates(placement, [body.date_start], c.var.clock(), 'date_start');
    if (!drop) throw invalid('date_start', 'Choose the week the mail goes out.');
    return addToCart(
      c,
      body.cartid,
      account,
      {
        mediacode: placement.mediacode,
        dates: [drop.value],
        quantity: pieces,
        priceCents: mailingCostCents(pieces, pricing.per_thousand_cents),
        details: { kind: 'eddm', routes: codes, residential_only: selection.residentialOnly, zips },
      },
      `Every Door Direct Mail to ${listInWords(zips)} is in your cart.`,
    );
  });

/** SPEC: GET /abdm/rates, POST /abdm/campaign/quote and /abdm/campaign/create. */
export const abdmRoutes = new Hono<AppEnv>()
  .use(limitBody)
  .get('/rates', async (c) => {
    const query = parseOrThrow(ratesQuery, c.req.query());
    const areas = areasOf(c);
    let prodcode = query.prodcode;
    if (query.zip) {
      const point = areas.zip(query.zip);
      if (!point) return fail(c, 404, unknownZip(query.zip));
      if (prodcode && prodcode !== point.prodcode)
        throw invalid('zip', `The zip code ${query.zip} is not in the market ${prodcode}.`);
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
  .post('/campaign/quote', async (c) => {
    const body = parseCampaign(abdmQuoteBody, await campaignFields(c), ABDM_QUOTE_MISSING);
    const item = await abdmPlacement(c.var.db, body.mediacode);
    const areas = areasOf(c);
    const zips = checkedZipcodes(areas, body.zipcodes, item);
    const quote = abdmQuoteOf(areas, item, zips, c.var.clock());
    const message = quote.meets_minimum
      ? ''
      : `An audience mailing goes to at least ${formatCount(ABDM_RULES.minimumPieces)} households: these zip codes have ${formatCount(quote.pieces)} on the list. Add zip codes to order it.`;
    return ok(c, quote, {}, message);
  })
  .post('/campaign/create', async (c) => {
    const account = await optionalUser(c);
    const body = parseCampaign(abdmCampaignBody, await campaignFields(c), ABDM_MISSING);
    const item = await abdmPlacement(c.var.db, body.mediacode);
    const areas = areasOf(c);
    const zips = checkedZipcodes(areas, body.zipcodes, item);
    const now = c.var.clock();
    const quote = abdmQuoteOf(areas, item, zips, now);
    if (!quote.meets_minimum)
      throw invalid(
        'zipcodes',
        `An audience mailing goes to at least ${formatCount(ABDM_RULES.minimumPieces)} households: these zip codes have ${formatCount(quote.pieces)} on the list. Add zip codes.`,
      );
    const [drop] = chooseDates(item, [body.date_start], now, 'date_start');
    if (!drop) throw invalid('date_start', 'Choose the week the mail goes out.');
    return addToCart(
      c,
      body.cartid,
      account,
      {
        mediacode: item.mediacode,
        dates: [drop.value],
        quantity: quote.pieces,
        priceCents: quote.total_cents,
        details: { kind: 'abdm', zipcodes: zips },
      },
      `${item.name} to ${listInWords(zips)} is in your cart.`,
    );
  });
