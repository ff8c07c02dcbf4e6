import { z } from 'zod';

/**
 * Direct mail on the wire: every-door direct mail (EDDM: every address on the carrier routes
 * chosen on a map) and audience-based direct mail (ABDM: only the households of a mailing list in
 * the zip codes chosen). Both become an item of the main cart. SPEC section 7 names the calls;
 * their answers are ours (ARCHITECTURE.md).
 */

/** A day, YYYY-MM-DD: mailings go out in the week starting that Monday. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A five-digit zip code. */
export const ZIP = /^\d{5}$/;
/** A USPS-style carrier route: the zip code and the carrier route id (C city, R rural, H highway contract). */
export const ROUTECODE = /^\d{5}[CRH]\d{3}$/;

export const zipQuery = z.object({
  zip: z.string({ error: 'Enter a zip code.' }).trim().regex(ZIP, 'A zip code has five digits, like 60614.'),
});
/** GET /abdm/rates: the audience lists of a market (prodcode, any case) or of a zip code's market. */
export const abdmRatesQuery = z.object({
  prodcode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{3,20}$/, 'The market code is not valid.')
    .optional(),
  zip: zipQuery.shape.zip.optional(),
});
export const routeQuery = z.object({
  routecode: z
    .string({ error: 'A carrier route code (routecode) is needed.' })
    .trim()
    .toUpperCase()
    .regex(ROUTECODE, 'A carrier route code is a zip code and a route, like 60614C001.'),
});

/** A point, for labels and centres. */
export const latLng = z.object({ lat: z.number(), lng: z.number() });
export type LatLng = z.infer<typeof latLng>;

const position = z.tuple([z.number(), z.number()]);
/** GeoJSON geometry of an area: longitude first, as GeoJSON writes it. */
export const areaGeometry = z.union([
  z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(position)) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(position))) }),
]);
export type AreaGeometry = z.infer<typeof areaGeometry>;
/** [west, south, east, north] in degrees. */
export const bbox = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type Bbox = z.infer<typeof bbox>;

export const ROUTE_KINDS = ['city', 'rural', 'highway'] as const;

/** One carrier route with its delivery counts. `total` = residential + business. */
export const carrierRoute = z.object({
  routecode: z.string(),
  /** The route id within its zip code (C001, R002...). */
  crid: z.string(),
  kind: z.enum(ROUTE_KINDS),
  residential: z.number().int().nonnegative(),
  business: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** A point inside the route, for its label and for pointing at it on the map. */
  label: latLng,
  /**
   * Who lives on the route, as the route service reports it (USPS's EDDM service with EDDM_ROUTES=usps,
   * plausibly generated offline); null where the service gives no figure. Targeting filters read these.
   */
  median_age: z.number().nonnegative().nullable(),
  /** Median household income, in US dollars a year. */
  median_income: z.number().int().nonnegative().nullable(),
  /** Average people per household. */
  household_size: z.number().nonnegative().nullable(),
});
export type CarrierRoute = z.infer<typeof carrierRoute>;

/**
 * Targeting filters on carrier routes (SPEC section 7's every-door targeting): each bound optional and
 * inclusive. A route without a figure matches only while that figure is not filtered on. "Homes only"
 * is the selection's `residential_only`, not a filter: it changes the pieces, not the routes.
 */
export const routeFilters = z.object({
  min_age: z.number().nonnegative().nullable(),
  max_age: z.number().nonnegative().nullable(),
  min_income: z.number().int().nonnegative().nullable(),
  max_income: z.number().int().nonnegative().nullable(),
  min_household_size: z.number().nonnegative().nullable(),
  max_household_size: z.number().nonnegative().nullable(),
});
export type RouteFilters = z.infer<typeof routeFilters>;
export const NO_ROUTE_FILTERS: RouteFilters = {
  min_age: null,
  max_age: null,
  min_income: null,
  max_income: null,
  min_household_size: null,
  max_household_size: null,
};

const within = (value: number | null, min: number | null, max: number | null): boolean => {
  if (min === null && max === null) return true;
  if (value === null) return false;
  return (min === null || value >= min) && (max === null || value <= max);
};

/** Whether a route's households meet the filters: one function for the page, the list and any server check. */
export const routeMatches = (
  route: Pick<CarrierRoute, 'median_age' | 'median_income' | 'household_size'>,
  filters: RouteFilters,
): boolean =>
  within(route.median_age, filters.min_age, filters.max_age) &&
  within(route.median_income, filters.min_income, filters.max_income) &&
  within(route.household_size, filters.min_household_size, filters.max_household_size);

/** Whether any filter is set. */
export const hasRouteFilters = (filters: RouteFilters): boolean =>
  Object.values(filters).some((bound) => bound !== null);

/** What mailing costs where: the placement of the zip's market, or the national default. */
export const eddmPricing = z.object({
  mediacode: z.string().nullable(),
  /** Price per 1,000 pieces, in cents (printing, preparation and postage). */
  per_thousand_cents: z.number().int().positive(),
});
export type EddmPricing = z.infer<typeof eddmPricing>;

/** GET /eddm/zip (zip) → data: the zip code's carrier routes. */
export const eddmZip = z.object({
  zip: z.string(),
  city: z.string(),
  state: z.string(),
  prodcode: z.string(),
  market: z.string(),
  center: latLng,
  bbox,
  routes: z.array(carrierRoute),
  pricing: eddmPricing,
});
export type EddmZip = z.infer<typeof eddmZip>;

/**
 * A route's shape: an area (the generated routes, offline) or the streets it runs along (USPS's route
 * service draws routes as lines), longitude first.
 */
export const routeShape = z.union([
  ...areaGeometry.options,
  z.object({ type: z.literal('LineString'), coordinates: z.array(position) }),
  z.object({ type: z.literal('MultiLineString'), coordinates: z.array(z.array(position)) }),
]);
export type RouteShape = z.infer<typeof routeShape>;

/** GET /eddm/routebounds (routecode) → data: one route's shape. */
export const routeGeometry = z.object({ routecode: z.string(), geometry: routeShape, bbox });
export type RouteGeometry = z.infer<typeof routeGeometry>;

/**
 * GET /eddm/zipgeom (zip) → data: the zip code's area (an approximation; see the README) and its
 * carrier routes' areas, as /eddm/routebounds draws each: the map of a zip code in one answer rather
 * than one request per route (a few dozen, six at a time, on a phone's connection).
 */
export const zipGeometry = z.object({
  zip: z.string(),
  geometry: areaGeometry,
  bbox,
  routes: z.array(routeGeometry),
});
export type ZipGeometry = z.infer<typeof zipGeometry>;

/** A distance in words: "1 mile", "0.5 miles". */
export const milesInWords = (miles: number): string => `${miles} ${miles === 1 ? 'mile' : 'miles'}`;

/** The largest radius of "every route within N miles" of the business (the page offers up to 5). */
export const MAX_NEAR_MILES = 5;

/** GET /eddm/near (lat, lng, miles): every carrier route within `miles` of a point (the business's pin). */
export const nearQuery = z.object({
  lat: z.coerce.number({ error: 'Send the latitude (lat) of the point.' }).min(-90).max(90),
  lng: z.coerce.number({ error: 'Send the longitude (lng) of the point.' }).min(-180).max(180),
  miles: z.coerce
    .number({ error: 'Send the radius in miles (miles), like 1.5.' })
    .min(0.1, 'Choose a radius of at least 0.1 miles.')
    .max(MAX_NEAR_MILES, `Choose a radius of at most ${MAX_NEAR_MILES} miles.`),
});
export type NearQuery = z.infer<typeof nearQuery>;

/**
 * GET /eddm/near → data: the routes that reach within the radius (any part of them), with their shapes
 * and the pricing of each zip code they belong to, nearest first.
 */
export const eddmNear = z.object({
  center: latLng,
  miles: z.number(),
  bbox,
  routes: z.array(carrierRoute),
  shapes: z.array(routeGeometry),
  pricing: z.record(z.string(), eddmPricing),
});
export type EddmNear = z.infer<typeof eddmNear>;

/** A saved area's name, as the team reads it in a list. */
const areaName = z
  .string({ error: 'Name the area, like "Around the shop".' })
  .trim()
  .min(1, 'Name the area, like "Around the shop".')
  .max(80, 'Keep the name under 80 characters.');
const areaRoutes = z
  .array(z.string().trim().toUpperCase().regex(ROUTECODE, 'A carrier route code looks like 60614C001.'), {
    error: 'Choose at least one carrier route to save, as a list of codes like ["60614C001"].',
  })
  .min(1, 'Choose at least one carrier route to save.')
  .max(300, 'Save at most 300 routes in one area.');

/** POST /eddm/areas: save a selection as a named area of the company. */
export const eddmAreaBody = z.object({
  name: areaName,
  routes: areaRoutes,
  residential_only: z.boolean().default(false),
});
export type EddmAreaBody = z.input<typeof eddmAreaBody>;
/** PATCH /eddm/areas/{id}: rename it, or replace its routes (at least one field). */
export const eddmAreaPatch = z
  .object({
    name: areaName.optional(),
    routes: areaRoutes.optional(),
    residential_only: z.boolean().optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'Send the name, the routes or residential_only to change.',
  });
export type EddmAreaPatch = z.input<typeof eddmAreaPatch>;

/** A saved area, its routes' counts read again now; `missing` are routes no longer delivered. */
export const eddmArea = z.object({
  id: z.string(),
  name: z.string(),
  routes: z.array(carrierRoute),
  missing: z.array(z.string()),
  /**
   * The route service could not be read now (USPS down, nothing kept): `routes` and `missing` are
   * empty, `pieces` 0 and `zips` those of its saved codes; the area can still be renamed or deleted.
   */
  counts_unavailable: z.boolean(),
  residential_only: z.boolean(),
  pieces: z.number().int().nonnegative(),
  zips: z.array(z.string()),
  /** Who saved it (their name), null once that account is gone. */
  created_by: z.string().nullable(),
  /** Whether the person asking may rename it, change its routes or delete it (contract/roles.ts). */
  may_change: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EddmArea = z.infer<typeof eddmArea>;
/** GET /eddm/areas → data: the company's areas, the most recently changed first. */
export const eddmAreas = z.object({ areas: z.array(eddmArea) });
export type EddmAreas = z.infer<typeof eddmAreas>;

/** A route bought, as the order page, the invoice and its PDF list it. */
export const boughtRoute = z.object({
  routecode: z.string(),
  zip: z.string(),
  /** Null for a mailing bought before each route's pieces were kept (issue 34): only its total is known. */
  pieces: z.number().int().nonnegative().nullable(),
});
export type BoughtRoute = z.infer<typeof boughtRoute>;

/** A route as the invoice lists it: "60614 C001 (512)", without the pieces where they were not kept. */
export const boughtRouteInWords = (route: BoughtRoute): string => {
  const crid = route.routecode.slice(route.zip.length);
  return `${route.zip} ${crid}${route.pieces === null ? '' : ` (${route.pieces.toLocaleString('en-US')})`}`;
};

/** What a list of routes bought says of pieces it does not know (orders placed before they were kept). */
export const PIECES_NOT_KEPT =
  'Pieces per route were not kept for this order: its total is on the line above.';

/** GET /media/type/eddm → data: how every-door mail is sold. */
export const eddmMediaType = z.object({
  media_type: z.literal('eddm'),
  label: z.string(),
  description: z.string(),
  /** The piece mailed, e.g. "6.25 × 9 in postcard". */
  piece: z.string(),
  /** USPS takes an every-door mailing of at least this many pieces. */
  minimum_pieces: z.number().int().positive(),
  maximum_pieces: z.number().int().positive(),
  /** Used where a zip code's market has no every-door placement. */
  default_per_thousand_cents: z.number().int().positive(),
  /** What the price includes, one line each. */
  includes: z.array(z.string()),
});
export type EddmMediaType = z.infer<typeof eddmMediaType>;

/** POST /eddm/cart[/{id}] JSON body: the routes chosen. Routes may come from several zip codes. */
export const eddmCartBody = z.object({
  routes: z
    .array(z.string().trim().toUpperCase().regex(ROUTECODE, 'A carrier route code looks like 60614C001.'))
    .max(300, 'Choose at most 300 routes in one mailing.'),
  residential_only: z.boolean().default(false),
});
export type EddmCartBody = z.input<typeof eddmCartBody>;

/** An every-door selection, saved so it survives reloads; anyone holding its id may change it. */
export const eddmCart = z.object({
  id: z.string(),
  routes: z.array(carrierRoute),
  residential_only: z.boolean(),
  /** Pieces mailed: residential (and business unless residential_only) deliveries of all routes. */
  pieces: z.number().int().nonnegative(),
  cost_cents: z.number().int().nonnegative(),
  cost_formatted: z.string(),
  pricing: eddmPricing,
  /** Whether `pieces` meets the minimum (the campaign can be created). */
  meets_minimum: z.boolean(),
  updated_at: z.string(),
});
export type EddmCart = z.infer<typeof eddmCart>;

/** POST /eddm/campaign/create (date_start, eddmcartid, cartid) → data: the main cart. */
export const eddmCampaignBody = z.object({
  date_start: z.string().regex(DAY, 'Choose the week the mail goes out, like 2027-03-01.'),
  eddmcartid: z.string().uuid('The every-door selection is not valid: reload the page.'),
  cartid: z.string().uuid().optional(),
});

/** Audience lists for ABDM. GET /abdm/rates → data. */
export const abdmRate = z.object({
  mediacode: z.string(),
  /** The mailing list, e.g. "New homeowners". */
  list: z.string(),
  name: z.string(),
  prodcode: z.string(),
  market: z.string(),
  per_thousand_cents: z.number().int().positive(),
  per_thousand_formatted: z.string(),
});
export const abdmRates = z.object({
  rates: z.array(abdmRate),
  minimum_pieces: z.number().int().positive(),
  maximum_zipcodes: z.number().int().positive(),
});
export type AbdmRates = z.infer<typeof abdmRates>;

/** zipcodes as SPEC section 7 sends them: a comma list ("60614,60657, 60613"). */
export const zipcodeList = z
  .string({ error: 'Enter the zip codes to mail, separated by commas.' })
  .transform((text) => [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((zip) => zip.trim())
        .filter(Boolean),
    ),
  ]);

/** POST /abdm/campaign/quote (mediacode, zipcodes). */
export const abdmQuoteBody = z.object({ mediacode: z.string().trim().min(1), zipcodes: zipcodeList });
/** POST /abdm/campaign/create (mediacode, zipcodes, date_start, cartid). */
export const abdmCampaignBody = abdmQuoteBody.extend({
  date_start: z.string().regex(DAY, 'Choose the week the mail goes out, like 2027-03-01.'),
  cartid: z.string().uuid().optional(),
});

/** The ABDM quote: matching households per zip code and the price. */
export const abdmQuote = z.object({
  mediacode: z.string(),
  list: z.string(),
  zipcodes: z.array(
    z.object({
      zip: z.string(),
      city: z.string(),
      state: z.string(),
      households: z.number().int(),
      matching: z.number().int(),
    }),
  ),
  pieces: z.number().int().nonnegative(),
  per_thousand_cents: z.number().int().positive(),
  total_cents: z.number().int().nonnegative(),
  total_formatted: z.string(),
  minimum_pieces: z.number().int().positive(),
  meets_minimum: z.boolean(),
  /** Weeks the mailing can go out (Mondays, YYYY-MM-DD), soonest first. */
  drop_weeks: z.array(z.string()),
});
export type AbdmQuote = z.infer<typeof abdmQuote>;

/** GET /market/geo (prodcode) → data.geo: the market's boundary. */
export const marketGeo = z.object({
  prodcode: z.string(),
  name: z.string(),
  geo: areaGeometry,
  bbox,
  center: latLng,
});
export type MarketGeo = z.infer<typeof marketGeo>;

/** GET /market/nearby (lat, lng, mediacode) → data.prodcode: the nearest market selling that kind of placement. */
export const nearbyQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
  mediacode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{3,32}$/, 'The media code is not valid.')
    .optional(),
});
export const nearbyMarket = z.object({
  prodcode: z.string(),
  name: z.string(),
  state: z.string(),
  /** Straight-line distance from the point to the market's centre. */
  distance_miles: z.number(),
  /** That market's placement of the same media type as `mediacode`, when there is one. */
  mediacode: z.string().nullable(),
});
export type NearbyMarket = z.infer<typeof nearbyMarket>;

/**
 * The price of a mailing: pieces × the price per 1,000, rounded to whole cents. One function for the
 * page's running total and the server's authoritative price, so they never disagree.
 */
export const mailingCostCents = (pieces: number, perThousandCents: number): number =>
  Math.round((pieces * perThousandCents) / 1000);

/** Pieces an every-door mailing sends to these routes. */
export const eddmPieces = (
  routes: readonly Pick<CarrierRoute, 'residential' | 'total'>[],
  residentialOnly: boolean,
) => routes.reduce((sum, route) => sum + (residentialOnly ? route.residential : route.total), 0);

/** The totals of an every-door selection as the page shows them. */
export function eddmMailing(
  routes: readonly Pick<CarrierRoute, 'residential' | 'business' | 'total'>[],
  residentialOnly: boolean,
  perThousandCents: number | null,
) {
  const pieces = eddmPieces(routes, residentialOnly);
  return {
    routes: routes.length,
    residential: routes.reduce((sum, r) => sum + r.residential, 0),
    business: residentialOnly ? 0 : routes.reduce((sum, r) => sum + r.business, 0),
    pieces,
    costCents: perThousandCents === null ? null : mailingCostCents(pieces, perThousandCents),
  };
}

/** The zip code a carrier route belongs to: the first five digits of its code (60614C001 → 60614). */
export const zipOfRoute = (routecode: string): string => routecode.slice(0, 5);

/**
 * The zip code whose rate prices a selection of routes: that of its first route, on both sides (the
 * page's running total and the API's price), so a selection across zip codes is priced one way.
 */
export const pricingZipOf = (routecodes: readonly string[]): string | null => {
  const first = routecodes[0];
  return first === undefined ? null : zipOfRoute(first);
};

// Issue 34, the map: what the offline map labels around a zip code.

/** GET /eddm/context (zip): the neighbouring zip codes' outlines and the places around a zip code. */
export const mapContextZip = z.object({
  zip: z.string(),
  /** Where its label goes: the point its area grows from, inside its outline. */
  center: latLng,
  geometry: areaGeometry,
});

/** A place on the map (the city of some of the zip codes around), at the point of its zip code in their middle. */
export const mapPlace = z.object({ name: z.string(), state: z.string(), center: latLng });
export type MapPlace = z.infer<typeof mapPlace>;

/**
 * GET /eddm/context (zip) → data: the zip code and its neighbours' outlines (the zip code itself
 * first) and the places they belong to (the zip code's own first), so a map without a basemap of
 * streets still says where it is.
 */
export const mapContext = z.object({
  zip: z.string(),
  zips: z.array(mapContextZip),
  places: z.array(mapPlace),
});
export type MapContext = z.infer<typeof mapContext>;
