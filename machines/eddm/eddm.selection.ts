import { routeMatches, zipOfRoute } from '../../contract/directMail';
import { unmarked } from './eddm.targeting';
import type { EddmContext } from './eddm.types';

/**
 * The selection's changes by hand, as pure functions of the context: a route ticked, unticked or
 * removed, a zip code's routes all picked or cleared. eddm.setup.ts names them.
 */

const without = (routes: EddmContext['selected'], routecode: string) =>
  routes.filter((r) => r.routecode !== routecode);

/**
 * A route on the map in or out of the selection; one the filters hide (dimmed) is not picked by a
 * click, only taken out.
 */
export const toggledRoute = (context: EddmContext, routecode: string): Partial<EddmContext> => {
  const pickedByRadius = unmarked(context, [routecode]);
  if (context.selected.some((r) => r.routecode === routecode))
    return { selected: without(context.selected, routecode), pickedByRadius };
  const route =
    context.loaded?.area.routes.find((r) => r.routecode === routecode) ?? context.loadedRoutes[routecode];
  return route && routeMatches(route, context.filters)
    ? { selected: [...context.selected, route], pickedByRadius }
    : {};
};

export const withoutRoute = (context: EddmContext, routecode: string): Partial<EddmContext> => ({
  selected: without(context.selected, routecode),
  pickedByRadius: unmarked(context, [routecode]),
  hovered: context.hovered === routecode ? null : context.hovered,
});

/** Every route of the zip code listed that matches the filters (nothing if it is no longer listed). */
export const withAllRoutesOf = (context: EddmContext, zip: string): Partial<EddmContext> => {
  if (context.loaded?.area.zip !== zip) return {};
  const chosen = new Set(context.selected.map((r) => r.routecode));
  const routes = context.loaded.area.routes.filter((r) => routeMatches(r, context.filters));
  return { selected: [...context.selected, ...routes.filter((r) => !chosen.has(r.routecode))] };
};

/**
 * Only the routes of the zip code the list shows, which the button names (another may be loading):
 * a selection elsewhere is removed route by route.
 */
export const withoutRoutesOf = (context: EddmContext, zip: string): Partial<EddmContext> => ({
  selected: context.selected.filter((r) => zipOfRoute(r.routecode) !== zip),
  pickedByRadius: context.pickedByRadius.filter((code) => zipOfRoute(code) !== zip),
});
