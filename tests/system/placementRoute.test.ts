import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Media } from '../../contract/media';
import type { CompanyFacts } from '../../contract/ui';
import type { RouterContext } from '../../src/router';
import { Route as placementRoute } from '../../src/routes/shop/$section/$mediacode';
import { createAppHandle } from '../../src/system/handle';
import { placementViewApi } from '../../src/system/placementViews';
import { fakeApp, flush } from './fakeApp';

/** What the API answers for each placement: the placement, 404, or no answer at all. */
const catalogue = new Map<string, Media | 'not found' | 'no answer'>();

vi.mock(import('../../src/api/media'), async (importOriginal) => ({
  ...(await importOriginal()),
  fetchMedia: async (mediacode: string) => {
    const answer = catalogue.get(mediacode);
    if (answer === 'not found') return { ok: false, message: 'Not found.', fieldErrors: {}, status: 404 };
    if (answer === undefined || answer === 'no answer') throw new Error('Network Error');
    return { ok: true, data: answer, message: '' };
  },
}));

// The page's other sections load on their own; they are not what this test is about.
vi.mock(import('../../src/api/market'), async (importOriginal) => ({
  ...(await importOriginal()),
  fetchAvailability: () => new Promise(() => {}),
  fetchDemographics: () => new Promise(() => {}),
  fetchMarketDetails: () => new Promise(() => {}),
  fetchMarketPoi: () => new Promise(() => {}),
}));

const magazine = (mediacode: string): Media => ({
  mediacode,
  name: `Magazine ${mediacode}`,
  media_type: 'printmag',
  partner: null,
  prodcode: null,
  market: 'Chicago, IL',
  state: 'IL',
  lifestyle: 'all',
  issue: '2027/03',
  date_start: null,
  unit_price: 1200,
  unit_label: 'per issue',
  reach: 50_000,
  reach_label: 'readers',
  image: '/images/media/printmag.jpg',
  description: 'A city magazine.',
});

const PLACEMENT_ID = '/shop/$section/$mediacode' as const;

/**
 * The real placement route (its loader, onEnter and onStay) in a real TanStack router on a memory
 * history, with the app of tests/system/fakeApp: which of its callbacks the router calls, and what
 * they count, is what a visitor's browser does.
 */
function openSite() {
  const harness = fakeApp();
  const logged: string[] = [];
  vi.spyOn(placementViewApi, 'logEvent').mockImplementation(async (event, options) => {
    logged.push(`${event} ${options?.path}`);
    return { success: true };
  });
  // The app's root route has the footer's data; this one answers the same shape without asking.
  const root = createRootRouteWithContext<RouterContext>()({
    loader: (_match) => ({ company: Promise.resolve<CompanyFacts | null>(null) }),
  });
  const home = createRoute({ getParentRoute: () => root, path: '/' });
  const placement = createRoute({
    getParentRoute: () => root,
    path: PLACEMENT_ID,
    loader: placementRoute.options.loader,
    onEnter: (match) => placementRoute.options.onEnter?.({ ...match, routeId: PLACEMENT_ID }),
    onStay: (match) => placementRoute.options.onStay?.({ ...match, routeId: PLACEMENT_ID }),
  });
  const router = createRouter({
    routeTree: root.addChildren([home, placement]),
    context: { app: createAppHandle(async () => harness.app) },
    history: createMemoryHistory({ initialEntries: ['/'] }),
    // The browser's router (router-core's client lifecycle), not a server render.
    isServer: false,
    origin: 'https://adlane.example',
  });
  const go = async (path: string) => {
    await router.navigate({ href: path });
    await flush();
  };
  const status = () => router.state.matches.find((match) => match.routeId === PLACEMENT_ID)?.status;
  const views = () => harness.record.filter((line) => line.startsWith('analytics view_item'));
  return { harness, router, go, status, views, logged };
}

beforeEach(() => {
  catalogue.clear();
  for (const code of ['PM501-01', 'PM502-01']) catalogue.set(code, magazine(code));
  catalogue.set('PM404-01', 'not found');
  catalogue.set('PM503-01', 'no answer');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.doUnmock('../../src/system/placementViews');
});

describe('the placement page counts view_item as the router shows placements (a real router)', () => {
  it('counts a placement each time it comes back after a placement that failed to load (404, no answer)', async () => {
    const site = openSite();
    await site.router.load();
    await site.go('/shop/magazines/PM501-01');
    expect(site.logged).toEqual(['view_item /shop/magazines/PM501-01']);

    await site.go('/shop/magazines/PM404-01');
    expect(site.status()).toBe('notFound');
    await site.go('/shop/magazines/PM501-01');
    expect(site.status()).toBe('success');

    await site.go('/shop/magazines/PM503-01');
    expect(site.status()).toBe('error');
    site.router.history.back();
    await site.router.load();
    await flush();

    expect(site.logged).toEqual([
      'view_item /shop/magazines/PM501-01',
      'view_item /shop/magazines/PM501-01',
      'view_item /shop/magazines/PM501-01',
    ]);
    expect(site.views()).toHaveLength(3);
    site.harness.app.stop();
  });

  it('does not count the same placement loaded again (a sign-in elsewhere), but counts A, B, A and a new visit', async () => {
    const site = openSite();
    await site.router.load();
    await site.go('/shop/magazines/PM501-01');
    await site.router.invalidate();
    await flush();
    await site.go('/shop/magazines/PM502-01');
    await site.go('/shop/magazines/PM501-01');
    await site.go('/');
    await site.go('/shop/magazines/PM501-01');
    expect(site.logged).toEqual([
      'view_item /shop/magazines/PM501-01',
      'view_item /shop/magazines/PM502-01',
      'view_item /shop/magazines/PM501-01',
      'view_item /shop/magazines/PM501-01',
    ]);
    site.harness.app.stop();
  });

  it('a preload (a pointer over a link) counts nothing', async () => {
    const site = openSite();
    await site.router.load();
    await site.router.preloadRoute({
      to: PLACEMENT_ID,
      params: { section: 'magazines', mediacode: 'PM502-01' },
    });
    await flush();
    expect(site.logged).toEqual([]);
    site.harness.app.stop();
  });
});

describe('the placement page without its view counter (its chunk could not be fetched)', () => {
  it('still shows the placement, and the app’s log says the view was not counted', async () => {
    vi.doMock('../../src/system/placementViews', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const site = openSite();
    await site.router.load();
    await site.go('/shop/magazines/PM501-01');
    expect(site.status()).toBe('success');
    expect(site.views()).toEqual([]);
    expect(site.harness.record.filter((line) => line.startsWith('warn'))).toEqual([
      expect.stringMatching(/^warn The placement view could not be counted: /),
    ]);
    site.harness.app.stop();
  });
});
