import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { mediacodeParam } from '../../../../contract/params';
import { MediaDetailPage } from '../../../features/media/MediaDetailPage';
import { sectionOfMedia } from '../../../features/shop/sections';
import type { RouterContext } from '../../../router';
import { marketCalls } from '../../../system/marketCalls';
import { mediaCalls } from '../../../system/mediaCalls';
import type { PlacementShown, ShownPlacement } from '../../../system/placementViews';

/**
 * A section's data, left to its section to show, failure included: marked as handled at once, so a
 * failure that comes before the section renders is not reported as an unhandled rejection.
 */
function shownBySection<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/**
 * view_item (analytics and the event log) as the page shows a placement, or none (a placement that
 * failed to load): on entering the route, or when the open page shows another. A preload enters
 * nothing, so it counts nothing. The counting code loads with the page's, not with the first route;
 * when it cannot be fetched, the view is not counted and the app's log says so (the page is shown).
 */
function countView(match: ShownPlacement & { context: RouterContext }, shown: PlacementShown) {
  match.context.app.whenReady((app) => {
    void import('../../../system/placementViews').then(
      (views) => views.countShownPlacement(app, match, shown),
      (error: unknown) => app.env.log.warn('The placement view could not be counted:', error),
    );
  });
}

export const Route = createFileRoute('/shop/$section/$mediacode')({
  // The loader (and the contract's schema it reads the address with) loads with the page, not with
  // the first route.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ params }) => {
    // A code that cannot be a placement's is not asked for (the API reads it with the same schema).
    const code = mediacodeParam.safeParse(params.mediacode);
    if (!code.success) throw notFound();
    // The quote and market sections wait for the app's actors themselves (DetailSection's
    // `needsApp`): the page, which the server can draw, does not. The view counter's code is fetched
    // meanwhile, so the view is logged as the page shows, before a visitor can leave it; only
    // fetched: a page whose counter could not be fetched is still shown (countView logs it).
    const [media] = await Promise.all([
      mediaCalls.fetchMedia(code.data).then((media) => {
        if (!media) throw notFound();
        return media;
      }),
      import('../../../system/placementViews').catch(() => undefined),
    ]);
    const section = sectionOfMedia(media.media_type);
    // A placement lives under its own section: a link that names another section is corrected.
    if (section.slug !== params.section || media.mediacode !== params.mediacode) {
      throw redirect({
        to: '/shop/$section/$mediacode',
        params: { section: section.slug, mediacode: media.mediacode },
        replace: true,
      });
    }
    const prodcode = media.prodcode;
    return {
      section,
      data: {
        media,
        availability: shownBySection(marketCalls.fetchAvailability(media.mediacode, prodcode)),
        market: prodcode
          ? {
              demographics: shownBySection(marketCalls.fetchDemographics(prodcode, media.mediacode)),
              details: shownBySection(marketCalls.fetchMarketDetails(prodcode, media.mediacode)),
              poi: shownBySection(marketCalls.fetchMarketPoi(prodcode, media.mediacode)),
            }
          : null,
      },
    };
  },
  // The router calls onEnter when the route was not shown before, onStay when it was: a placement
  // that failed to load (its error or not-found page) counts as shown, so the one after it stays.
  onEnter: (match) => countView(match, 'entered'),
  onStay: (match) => countView(match, 'stayed'),
  component: MediaDetail,
});

function MediaDetail() {
  const { data, section } = Route.useLoaderData();
  // Each placement is a page of its own: its actors (quote, market map, zip list) start afresh.
  return <MediaDetailPage key={data.media.mediacode} data={data} section={section} />;
}
