import { type CarrierRoute, type EddmNear, milesInWords, routeMatches } from '../../contract/directMail';
import { type Ring, shapeTouchesRing } from '../../contract/routeShapes';
import { type EddmContext, type PickedBy, shapeOf, shownRoutes } from './eddm.types';

/**
 * Targeting's context changes (issue 34), as pure functions of the context: picking routes at once
 * (around the pin, or drawn around), and the routes met around the pin. eddm.setup.ts names them.
 */

const routesWord = (count: number) => (count === 1 ? 'route' : 'routes');

/** The shown routes a drawn area touches, in the order the map lists them. */
export const routesInRing = (context: EddmContext, ring: Ring): string[] =>
  shownRoutes(context).flatMap((route) => {
    const shape = shapeOf(context, route.routecode);
    return shape && shapeTouchesRing(shape, ring) ? [route.routecode] : [];
  });

/** A route by its code: of the zip code shown, or met around the pin. */
const routeByCode = (context: EddmContext, routecode: string): CarrierRoute | undefined =>
  context.loaded?.area.routes.find((r) => r.routecode === routecode) ?? context.loadedRoutes[routecode];

/**
 * The radius marks without these routes: a route touched since by hand (ticked, unticked, removed,
 * cleared, drawn around) is the visitor's, and a new radius leaves it alone.
 */
export const unmarked = (context: Pick<EddmContext, 'pickedByRadius'>, routecodes: Iterable<string>) => {
  const touched = new Set(routecodes);
  return context.pickedByRadius.filter((code) => !touched.has(code));
};

/**
 * Routes picked at once join the selection: those that match the filters (the others are left as they
 * are, as a click on a dimmed route would). A radius replaces the routes the last radius added and the
 * new one no longer reaches (a route it reaches but a filter hides is kept: a filter never drops a
 * route), unless touched since by hand, so a smaller radius gives fewer routes.
 */
export function pickRoutes(
  context: EddmContext,
  { routecodes, by }: { routecodes: readonly string[]; by: PickedBy },
): Partial<EddmContext> {
  const routes = routecodes.flatMap((code) => {
    const route = routeByCode(context, code);
    return route ? [route] : [];
  });
  const matching = routes.filter((r) => routeMatches(r, context.filters));
  const reached = new Set(routecodes);
  const dropped =
    by === 'radius' ? new Set(context.pickedByRadius.filter((code) => !reached.has(code))) : null;
  const kept = dropped ? context.selected.filter((r) => !dropped.has(r.routecode)) : context.selected;
  const already = new Set(kept.map((r) => r.routecode));
  const added = matching.filter((r) => !already.has(r.routecode));
  const hidden = routes.length - matching.length;
  const where =
    by === 'lasso'
      ? 'you drew around'
      : `within ${milesInWords(context.nearFor?.miles ?? context.radiusMiles)} of your pin`;
  const notice =
    routes.length === 0
      ? by === 'lasso'
        ? 'No route touches what you drew: draw around the routes to select.'
        : 'No carrier route reaches within that radius: try a larger one.'
      : `Selected ${matching.length} ${routesWord(matching.length)} ${where}${
          hidden > 0 ? ` (${hidden} more hidden by your filters)` : ''
        }.`;
  return {
    selected: [...kept, ...added],
    pickedByRadius:
      by === 'radius'
        ? [...context.pickedByRadius.filter((code) => reached.has(code)), ...added.map((r) => r.routecode)]
        : unmarked(context, routecodes),
    pickNotice: notice,
  };
}

/** The routes met around the pin join those the map shows, with their shapes and their zip codes' rates. */
export const keepNearRoutes = (context: EddmContext, near: EddmNear): Partial<EddmContext> => ({
  loadedRoutes: { ...context.loadedRoutes, ...Object.fromEntries(near.routes.map((r) => [r.routecode, r])) },
  loadedShapes: {
    ...context.loadedShapes,
    ...Object.fromEntries(near.shapes.map((shape) => [shape.routecode, shape.geometry])),
  },
  zipPricing: { ...context.zipPricing, ...near.pricing },
  // A zip code chosen since the radius was asked keeps the map.
  ...(context.lastAsked === 'near' ? { focus: near.bbox } : {}),
});

/**
 * The pin goes, and the routes met around it that are not picked with it: they are no longer drawn,
 * nor drawn around (the picked ones stay, to be seen and taken out).
 */
export const withoutPin = (context: EddmContext): Partial<EddmContext> => {
  const picked = new Set(context.selected.map((r) => r.routecode));
  const keep = <T>(byCode: Record<string, T>) =>
    Object.fromEntries(Object.entries(byCode).filter(([code]) => picked.has(code)));
  return {
    pin: null,
    nearError: null,
    pickNotice: null,
    loadedRoutes: keep(context.loadedRoutes),
    loadedShapes: keep(context.loadedShapes),
  };
};

/** The routes around the pin are asked for, at the radius chosen. */
export const nearAsked = (context: EddmContext): Partial<EddmContext> => ({
  nearFor: context.pin ? { lat: context.pin.lat, lng: context.pin.lng, miles: context.radiusMiles } : null,
  nearError: null,
  pickNotice: null,
  lastAsked: 'near',
});
