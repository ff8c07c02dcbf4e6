import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { RouterContext } from '../../src/router';
import { Route as directMailRoute } from '../../src/routes/ads/direct-mail';
import { type EddmApi, eddmLogic } from '../../src/system/eddm';
import { createAppHandle } from '../../src/system/handle';
import { fakeApp, flush } from './fakeApp';

/** Nothing the API is asked answers: what the page shows is the zip code it was sent to. */
const unanswered = () => new Promise<never>(() => {});
const silentApi: EddmApi = {
  fetchEddmZip: unanswered,
  fetchZipGeometry: unanswered,
  fetchRouteBounds: unanswered,
  fetchEddmCart: unanswered,
  saveEddmCart: unanswered,
  fetchEddmMediaType: unanswered,
  fetchAvailability: unanswered,
  createEddmCampaign: unanswered,
  fetchEddmNear: unanswered,
};

/**
 * The real every-door route (its search schema and beforeLoad) in a real TanStack router on a memory
 * history, with the app of tests/system/fakeApp and its every-door actor (the real machine).
 */
function openSite() {
  const harness = fakeApp();
  const eddm = harness.app.pageActor('eddm', () =>
    createActor(eddmLogic(harness.app, silentApi), {
      ...harness.app.actorOptions,
      systemId: 'eddm',
      input: { cartId: null },
    }).start(),
  );
  const root = createRootRouteWithContext<RouterContext>()({});
  const home = createRoute({ getParentRoute: () => root, path: '/' });
  const page = createRoute({
    getParentRoute: () => root,
    path: '/ads/direct-mail',
    validateSearch: directMailRoute.options.validateSearch,
    beforeLoad: (load) => directMailRoute.options.beforeLoad?.({ ...load, routeId: '/ads/direct-mail' }),
  });
  const router = createRouter({
    routeTree: root.addChildren([home, page]),
    context: { app: createAppHandle(async () => harness.app) },
    history: createMemoryHistory({ initialEntries: ['/'] }),
    isServer: false,
    origin: 'https://adlane.example',
  });
  /** A link to the page with a zip code (the router's Link, or a plain one it intercepts). */
  const follow = async (zip: string, hash?: string) => {
    await router.navigate({ to: '/ads/direct-mail', search: { zip }, ...(hash ? { hash } : {}) });
    await flush();
  };
  const shown = () => eddm.getSnapshot().context.zip;
  return { harness, router, eddm, follow, shown };
}

describe('the every-door page’s address (`?zip=`), shown by its route (a real router)', () => {
  it('a link to the address the page is on shows its zip code again after the visitor picked another', async () => {
    const site = openSite();
    await site.router.load();
    await site.follow('60614');
    expect(site.shown()).toBe('60614');
    // The visitor picks 60657 in the page's picker: the address stays ?zip=60614.
    site.eddm.send({ type: 'eddm.zipChosen', zip: '60657' });
    expect(site.router.state.location.search).toEqual({ zip: '60614' });
    await site.follow('60614');
    expect(site.shown()).toBe('60614');
    site.harness.app.stop();
  });

  it('leaves the zip code the visitor picked when the page loads again in place (a sign-in elsewhere) or moves to a place on it', async () => {
    const site = openSite();
    await site.router.load();
    await site.follow('60614');
    site.eddm.send({ type: 'eddm.zipChosen', zip: '60657' });
    await site.router.invalidate();
    await flush();
    expect(site.shown()).toBe('60657');
    await site.follow('60614', 'main');
    expect(site.shown()).toBe('60657');
    // Back to the address without the hash, by a link: a visit to it.
    await site.follow('60614');
    expect(site.shown()).toBe('60614');
    site.harness.app.stop();
  });

  it('shows the zip code of each address the page is sent to: another by a link, back, and a new visit', async () => {
    const site = openSite();
    await site.router.load();
    await site.follow('60614');
    await site.follow('60657');
    expect(site.shown()).toBe('60657');
    site.router.history.back();
    await site.router.load();
    await flush();
    expect(site.shown()).toBe('60614');
    site.eddm.send({ type: 'eddm.zipChosen', zip: '60622' });
    await site.router.navigate({ to: '/' });
    await site.follow('60614');
    expect(site.shown()).toBe('60614');
    site.harness.app.stop();
  });

  it('a preload (a pointer over a link) shows nothing', async () => {
    const site = openSite();
    await site.router.load();
    await site.router.preloadRoute({ to: '/ads/direct-mail', search: { zip: '60614' } });
    await flush();
    expect(site.shown()).toBe(null);
    site.harness.app.stop();
  });
});
