import type { Media } from '../../contract/media';
import { logEvent } from '../api/logEvent';
import { toAnalyticsItem } from '../lib/analyticsItems';
import type { AppEnvironment } from './environment';

/** The event log's call: POST /log/event. */
export interface PlacementViewApi {
  logEvent: typeof logEvent;
}

export const placementViewApi: PlacementViewApi = { logEvent };

/** How the placement came on screen: its page opened, or the open page now shows it (another placement, or the same one loaded again). */
export type PlacementShown = 'entered' | 'stayed';

/** The placement each app last counted a view of. */
const counted = new WeakMap<object, string>();

/**
 * A view of a placement's page: `view_item` to analytics (with the item) and to the event log (a
 * signed-in customer's views become their "recently viewed"). Once per placement shown: the page
 * loading the same placement again (a sign-in elsewhere runs its loader again) is not another view.
 * The route calls it when its match is entered or stays (never on a preload, which enters nothing).
 */
export function countPlacementView(
  app: { env: Pick<AppEnvironment, 'pushAnalytics'> },
  view: { media: Media; path: string; shown: PlacementShown },
  api: PlacementViewApi = placementViewApi,
): void {
  const { media, path, shown } = view;
  if (shown === 'stayed' && counted.get(app) === media.mediacode) return;
  counted.set(app, media.mediacode);
  app.env.pushAnalytics('view_item', {
    ecommerce: { currency: 'USD', value: media.unit_price, items: [toAnalyticsItem(media)] },
  });
  // The log never throws (logEvent answers success: false instead).
  void api.logEvent('view_item', { path, properties: { mediacode: media.mediacode } });
}
