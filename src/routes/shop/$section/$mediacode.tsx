import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import type { Media } from '../../../../contract/media';
import { mediacodeParam } from '../../../../contract/params';
import {
  fetchAvailability,
  fetchDemographics,
  fetchMarketDetails,
  fetchMarketPoi,
} from '../../../api/market';
import { fetchMedia } from '../../../api/media';
import { MediaDetailPage } from '../../../features/media/MediaDetailPage';
import { sectionOfMedia } from '../../../features/shop/sections';
import type { AppHandle } from '../../../system/handle';
import type { PlacementShown } from '../../../system/placementViews';

/**
 * A section's data, left to its section to show, failure included: marked as handled at once, so a
 * failure that comes before the section renders is not reported as an unhandled rejection.
 */
function shownBySection<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/**
 * view_item (analytics and the event log) once the page shows a placement: on entering the route, or
 * when the open page shows another one. A preload enters nothing, so it counts nothing. The counting
 * code loads with the page's, not with the first route.
 */
function countView(handle: AppHandle, media: Media | undefined, path: string, shown: PlacementShown) {
  if (!media) return;
  handle.whenReady((app) => {
    void import('../../../system/placementViews').then(({ countPlacementView }) =>
      countPlacementView(app, { media, path, shown }),
    );
  });
}

export const Route = createFileRoute('/shop/$section/$mediacode')({
  // The loader (and the contract's schema it reads the address with) loads with the page, not with
  // the first route.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ params, context }) => {
    // A code that cannot be a placement's is not asked for (the API reads it with the same schema).
    const code = mediacodeParam.safeParse(params.mediacode);
    if (!code.success) throw notFound();
    // The quote panel's actor is created with the app's options, so the page waits for the app too;
    // its actors load (right after the first render) while the placement does. So does the view
    // counter's code: the view is logged as the page shows, before a visitor can leave it.
    const [media] = await Promise.all([
      fetchMedia(code.data).catch((error: unknown) => {
        const status =
          error instanceof Error ? (error.cause as { status?: number } | undefined)?.status : undefined;
        if (status === 404 || status === 400) throw notFound();
        throw error;
      }),
      context.app.ready,
      import('../../../system/placementViews'),
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
        availability: shownBySection(fetchAvailability(media.mediacode, prodcode)),
        market: prodcode
          ? {
              demographics: shownBySection(fetchDemographics(prodcode, media.mediacode)),
              details: shownBySection(fetchMarketDetails(prodcode, media.mediacode)),
              poi: shownBySection(fetchMarketPoi(prodcode, media.mediacode)),
            }
          : null,
      },
    };
  },
  onEnter: ({ context, loaderData, pathname }) =>
    countView(context.app, loaderData?.data.media, pathname, 'entered'),
  onStay: ({ context, loaderData, pathname }) =>
    countView(context.app, loaderData?.data.media, pathname, 'stayed'),
  component: MediaDetail,
});

function MediaDetail() {
  const { data, section } = Route.useLoaderData();
  // Each placement is a page of its own: its actors (quote, market map, zip list) start afresh.
  return <MediaDetailPage key={data.media.mediacode} data={data} section={section} />;
}
