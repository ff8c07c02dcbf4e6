import type { Media } from '../../contract/media';
import { logEvent } from '../api/logEvent';
import { toAnalyticsItem } from '../lib/analyticsItems';
import type { AppEnvironment } from './environment';

/** The event log's call: POST /log/event. */
export interface PlacementViewApi {
  logEvent: typeof logEvent;
}

export const placementViewApi: PlacementViewApi = { logEvent };

/**
 * How the page came to show what it shows, as the router tells the route: `entered`, its page opened
 * (onEnter); `stayed`, the open page shows it now (onStay: another placement, the same one loaded
 * again, or the one shown after a placement that failed to load).
 */
export type PlacementShown = 'entered' | 'stayed';

/**
 * What each app's placement page showed last: the mediacode of the placement, or null when it showed
 * none (a placement that failed to load: not found, or no answer).
 */
const shownLast = new WeakMap<object, string | null>();

/**
 * Whether showing this placement is a view to count, the page having shown `before` (undefined: never,
 * null: no placement). Its page opening is one; on the open page, a placement other than the one shown
 * is one, and so is any after a page that showed none. The router decides enter or stay by route, not
 * by what loaded (router-core's runRouteLifecycle: a route among the matches shown before stays, an
 * errored or not-found match included): A shown, then B failing, then A again is A `stayed` with A
 * counted last, and it is a view.
 */
const isNewView = (before: string | null | undefined, mediacode: string, shown: PlacementShown) =>
  shown === 'entered' || before !== mediacode;

/** A placement page as the router shows it (the route's match): its placement once loaded. */
export interface ShownPlacement {
  status: string;
  loaderData?: { data: { media: Media } } | undefined;
  pathname: string;
}

/** The route's match shown: its placement counted as a view (countPlacementView), or none when it failed to load. */
export const countShownPlacement = (
  app: { env: Pick<AppEnvironment, 'pushAnalytics'> },
  match: ShownPlacement,
  shown: PlacementShown,
) =>
  countPlacementView(app, {
    media: match.status === 'success' ? (match.loaderData?.data.media ?? null) : null,
    path: match.pathname,
    shown,
  });

/**
 * What the placement page shows: a placement, counted as a view (`view_item` to analytics with the
 * item, and to the event log: a signed-in customer's views become their "recently viewed"), or none.
 * Once per placement shown: the page loading the same placement again (a sign-in elsewhere runs its
 * loader again) is not another view. The route calls it when its match is entered or stays (never on
 * a preload, which enters nothing).
 */
export function countPlacementView(
  app: { env: Pick<AppEnvironment, 'pushAnalytics'> },
  view: { media: Media | null; path: string; shown: PlacementShown },
  api: PlacementViewApi = placementViewApi,
): void {
  const { media, path, shown } = view;
  const before = shownLast.get(app);
  shownLast.set(app, media?.mediacode ?? null);
  if (!media || !isNewView(before, media.mediacode, shown)) return;
  app.env.pushAnalytics('view_item', {
    ecommerce: { currency: 'USD', value: media.unit_price, items: [toAnalyticsItem(media)] },
  });
  // The log never throws (logEvent answers success: false instead).
  void api.logEvent('view_item', { path, properties: { mediacode: media.mediacode } });
}
