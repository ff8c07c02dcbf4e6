import type { AnyRouter } from '@tanstack/react-router';
import type { RenderedPage } from '../../contract/drawnPages';
import { forgetRenderedPage } from './prefetched';
import { pageOutcome, settleLoaderData } from './settle';

/**
 * Whether the browser can adopt the page the server drew, once its routes have loaded with the
 * answers the page carries: it came to the same address, shows what the server showed, and the data
 * the page awaits is in. Loaded beside the route's own code, only by pages the server drew.
 */
export async function canAdopt(router: AnyRouter, rendered: RenderedPage): Promise<boolean> {
  // The loaders have taken what they needed: later calls ask the server.
  forgetRenderedPage();
  return (
    pageOutcome(router) !== null &&
    router.state.location.href === rendered.href &&
    (await settleLoaderData(router, 10_000))
  );
}
