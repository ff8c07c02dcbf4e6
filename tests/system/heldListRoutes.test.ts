import {
  type AnyRoute,
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoicesKey, InvoicesListAnswer } from '../../contract/billing';
import type { BookedAgain, OrderSummary, OrdersListAnswer, OrdersListKey } from '../../contract/orders';
import { SEARCH_PAUSE_MS } from '../../machines/orders/ordersList.machine';
import type { FilesQuery } from '../../src/api/files';
import type { Result } from '../../src/api/result';
import type { BillingPageData } from '../../src/features/billing/invoicesLoader';
import { type FilesActor, readLibraryAgain } from '../../src/features/files/filesLibrary';
import type { OrdersListActor } from '../../src/features/orders/useOrders';
import type { RouterContext } from '../../src/router';
import { Route as accessRoute } from '../../src/routes/_dashboard/billing/_access';
import { Route as billingRoute } from '../../src/routes/_dashboard/billing/_access/index';
import { Route as filesRoute } from '../../src/routes/_dashboard/files';
import { Route as pastRoute } from '../../src/routes/_dashboard/orders/past';
import { Route as upcomingRoute } from '../../src/routes/_dashboard/orders/upcoming';
import { createAppHandle } from '../../src/system/handle';
import { customer, emptyCart, fakeApp, flush } from './fakeApp';
import { deferred } from './flowHarness';

/** What each list asked the API, in order: `orders past 1 ""`, `invoices overdue 2`, `files all`… */
const asked: string[] = [];
/** What POST /orders/{number}/again answers (a test holds it back to leave the tab meanwhile). */
let bookedAgain: Promise<Result<BookedAgain>> = new Promise(() => {});
/** An answer the test holds back (the next list asked waits for it), else the API answers at once. */
let heldBack: Promise<void> | null = null;
const answered = async <T>(data: T): Promise<Result<T>> => {
  if (heldBack) await heldBack;
  return { ok: true, data, message: '' };
};

const PAST_ORDER: OrderSummary = {
  number: 'AD-27-000042',
  title: 'Chicago Magazine',
  market: 'Chicago',
  image: '',
  mediacode: 'PM501-01',
  media_type: 'printmag',
  status: 'cancelled',
  run: null,
  run_is_next: false,
  next_ad_due: null,
  total: 1200,
  total_formatted: '$1,200',
  placed_at: '2027-01-11T09:00:00.000Z',
  awaiting_payment: false,
};

/** A page of a tab: the past tab lists one cancelled order (which can be booked again). */
const ordersPage = (key: OrdersListKey): OrdersListAnswer => ({
  orders: key.tab === 'past' ? [PAST_ORDER] : [],
  counts: { upcoming: 0, running: 0, past: 0 },
  page: key.page,
  pages: 3,
  total: 0,
});

vi.mock(import('../../src/api/orders'), async (importOriginal) => ({
  ...(await importOriginal()),
  fetchOrdersPage: (key: OrdersListKey) => {
    asked.push(`orders ${key.tab} ${key.page} "${key.q}"`);
    return answered(ordersPage(key));
  },
  bookOrderAgain: (number: string) => {
    asked.push(`book again ${number}`);
    return bookedAgain;
  },
}));

vi.mock(import('../../src/api/billing'), async (importOriginal) => ({
  ...(await importOriginal()),
  fetchInvoices: (key: InvoicesKey) => {
    asked.push(`invoices ${key.status ?? 'all'} ${key.page}`);
    const page: InvoicesListAnswer = {
      invoices: [],
      outstanding: 0,
      outstanding_formatted: '$0',
      overdue: 0,
      overdue_formatted: '$0',
      page: key.page,
      pages: 1,
      total: 0,
    };
    return answered(page);
  },
  loadBillingContact: () => {
    asked.push('billing contact');
    return answered(null);
  },
}));

vi.mock(import('../../src/api/files'), async (importOriginal) => ({
  ...(await importOriginal()),
  fetchFiles: (query: FilesQuery) => {
    asked.push(`files ${query.view}${query.order ? ` ${query.order}` : ''}`);
    return answered({ files: [], sheets: [], runs: [] });
  },
}));

afterEach(() => {
  asked.length = 0;
  heldBack = null;
  bookedAgain = new Promise(() => {});
  vi.restoreAllMocks();
});

/**
 * A file route's own options (its page left out: nothing is drawn here) under `parent`, at the path
 * (or, for a layout, the id) the app's route tree gives it. Typed by the tree it was written for, so
 * handed to createRoute as it is.
 */
function mounted(parent: AnyRoute, place: { path: string } | { id: string }, route: { options: object }) {
  const { component: _page, getParentRoute: _parent, ...own } = route.options as Record<string, unknown>;
  return createRoute({ ...own, ...place, getParentRoute: () => parent } as never) as AnyRoute;
}

/**
 * The real routes of the orders tabs, the Billing page (its layout and page) and /files — their
 * loaderDeps, loaders, onEnter and onLeave, preload and gcTime — in a real TanStack router on a memory
 * history, with the app of tests/system/fakeApp signed in as `user`. The pages are not drawn: what is
 * checked is what the router has the lists' actors ask, and which actor it hands each page.
 */
function openDashboard(user = customer()) {
  const harness = fakeApp();
  harness.app.acceptSignIn(user);
  const root = createRootRouteWithContext<RouterContext>()();
  const home = createRoute({ getParentRoute: () => root, path: '/' });
  const layout = mounted(root, { id: '_access' }, accessRoute);
  const routes = [
    home,
    mounted(root, { path: '/orders/past' }, pastRoute),
    mounted(root, { path: '/orders/upcoming' }, upcomingRoute),
    layout.addChildren([mounted(layout, { path: '/billing' }, billingRoute)]),
    mounted(root, { path: '/files' }, filesRoute),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    context: { app: createAppHandle(async () => harness.app) },
    history: createMemoryHistory({ initialEntries: ['/'] }),
    // The browser's router (router-core's client lifecycle), not a server render.
    isServer: false,
    origin: 'https://adlane.example',
  });
  const go = async (href: string) => {
    await router.navigate({ href });
    await flush();
  };
  /** The data the router hands the page of `path` now (its actor, for a list). */
  const dataOf = (path: string) => router.state.matches.find((match) => match.pathname === path)?.loaderData;
  return { harness, router, go, dataOf };
}

/** The dashboard opened at `path`, the router having loaded it. */
async function openAt(path: string, user = customer()) {
  const site = openDashboard(user);
  await site.router.load();
  await site.go(path);
  return site;
}

/** The actor a list's route handed its page (the test says which list it is). */
function actorOf<TActor>(data: unknown): TActor {
  if (!data || typeof data !== 'object' || !('getSnapshot' in data))
    throw new Error('No actor handed to the page.');
  return data as TActor;
}

describe('an orders tab: its route holds its list and tells it the address (a real router)', () => {
  it('asks the address’s list on entering, and another page with the same actor, which keeps the last list on show meanwhile', async () => {
    const site = await openAt('/orders/past');
    const list = actorOf<OrdersListActor>(site.dataOf('/orders/past'));
    expect(asked).toEqual(['orders past 1 ""']);
    expect(list.getSnapshot().context.answer).toEqual(ordersPage({ tab: 'past', page: 1, q: '' }));

    const answer = deferred<void>();
    heldBack = answer.promise;
    await site.go('/orders/past?page=2&q=lake');
    expect(actorOf<OrdersListActor>(site.dataOf('/orders/past'))).toBe(list);
    expect(asked).toEqual(['orders past 1 ""', 'orders past 2 "lake"']);
    // Stale: the page before stays on show, dimmed, until the next one comes.
    expect(list.getSnapshot().context.answer).toEqual(ordersPage({ tab: 'past', page: 1, q: '' }));
    answer.resolve();
    await flush();
    expect(list.getSnapshot().context.answer).toEqual(ordersPage({ tab: 'past', page: 2, q: 'lake' }));
    site.harness.app.stop();
  });

  it('a link hovered (a preload) tells the shown list nothing and makes no actor for another tab', async () => {
    const site = await openAt('/orders/past');
    const list = actorOf<OrdersListActor>(site.dataOf('/orders/past'));
    await site.router.preloadRoute({ to: '/orders/past', search: { page: 3 } } as never);
    await site.router.preloadRoute({ to: '/orders/upcoming' } as never);
    await flush();
    expect(asked).toEqual(['orders past 1 ""']);
    expect(list.getSnapshot().context.key).toEqual({ tab: 'past', page: 1, q: '' });
    site.harness.app.stop();
  });

  it('left, its list stops; entered again (after a preload too), a new list asks again', async () => {
    const site = await openAt('/orders/past');
    const first = actorOf<OrdersListActor>(site.dataOf('/orders/past'));
    await site.go('/orders/upcoming');
    expect(first.getSnapshot().status).toBe('stopped');

    await site.router.preloadRoute({ to: '/orders/past' } as never);
    // As the page is shown, it is handed the new list: never the one that stopped.
    await site.router.navigate({ href: '/orders/past' });
    const second = actorOf<OrdersListActor>(site.dataOf('/orders/past'));
    expect(second).not.toBe(first);
    expect(second.getSnapshot().status).toBe('active');
    await flush();
    expect(asked).toEqual(['orders past 1 ""', 'orders upcoming 1 ""', 'orders past 1 ""']);
    expect(second.getSnapshot().context.answer).toEqual(ordersPage({ tab: 'past', page: 1, q: '' }));
    site.harness.app.stop();
  });

  it('a search typed is written to the address in place of the entry shown', async () => {
    const site = await openAt('/orders/past');
    const go = vi.spyOn(site.harness.app.env.navigator, 'go');
    const list = actorOf<OrdersListActor>(site.dataOf('/orders/past'));
    list.send({ type: 'orders.typed', text: 'lake' });
    site.harness.clock.increment(SEARCH_PAUSE_MS);
    expect(go).toHaveBeenCalledWith('/orders/past?q=lake', { replace: true });
    site.harness.app.stop();
  });

  it('a book-again opens the checkout; answered after the tab was left, the cart takes it and nothing opens (nor does a search typed as it left)', async () => {
    const booked: BookedAgain = { cart: emptyCart('cart-again'), dates: ['Week of Jan 18, 2027'] };
    const site = await openAt('/orders/past');
    const go = vi.spyOn(site.harness.app.env.navigator, 'go');
    bookedAgain = Promise.resolve({ ok: true, data: booked, message: '' });
    actorOf<OrdersListActor>(site.dataOf('/orders/past')).send({
      type: 'orders.bookAgain',
      number: PAST_ORDER.number,
    });
    await flush();
    expect(go).toHaveBeenCalledWith('/checkout/cart-again');

    await site.go('/orders/past');
    const list = actorOf<OrdersListActor>(site.dataOf('/orders/past'));
    const answer = deferred<Result<BookedAgain>>();
    bookedAgain = answer.promise;
    go.mockClear();
    list.send({ type: 'orders.bookAgain', number: PAST_ORDER.number });
    // A search typed just before leaving: its pause ends after the tab was left, and leads nowhere.
    list.send({ type: 'orders.typed', text: 'lake' });
    await site.go('/orders/upcoming');
    site.harness.clock.increment(SEARCH_PAUSE_MS);
    expect(go).not.toHaveBeenCalledWith('/orders/past?q=lake', { replace: true });
    // A commit on its way: the list waits for its answer before it stops.
    expect(list.getSnapshot().status).toBe('active');
    answer.resolve({ ok: true, data: booked, message: '' });
    await flush();
    expect(list.getSnapshot().status).toBe('stopped');
    expect(site.harness.app.session.getSnapshot().context.cartId).toBe('cart-again');
    expect(go).not.toHaveBeenCalledWith('/checkout/cart-again');
    site.harness.app.stop();
  });
});

describe('the Billing page: its layout decides who may see invoices, its route holds them (a real router)', () => {
  it('a member who may not see invoices: the page asks the API nothing, and has no invoices to show', async () => {
    const site = await openAt('/billing', customer({ role: 'member' }));
    await site.go('/billing?status=overdue');
    expect(asked).toEqual([]);
    expect(site.dataOf('/billing')).toEqual({ access: { contact: null, invoices: false }, invoices: null });
    site.harness.app.stop();
  });

  it('an owner: the contact once a visit, the invoices of each filter and page with the same actor', async () => {
    const site = await openAt('/billing');
    const data = site.dataOf('/billing') as BillingPageData | undefined;
    const invoices = data?.invoices;
    if (!invoices) throw new Error('No invoices handed to the page.');
    await site.go('/billing?status=overdue&page=2');
    expect((site.dataOf('/billing') as BillingPageData | undefined)?.invoices).toBe(invoices);
    expect(asked).toEqual(['billing contact', 'invoices all 1', 'invoices overdue 2']);

    await site.go('/');
    expect(invoices.getSnapshot().status).toBe('stopped');
    await site.go('/billing?status=overdue&page=2');
    expect(asked.slice(3)).toEqual(['billing contact', 'invoices overdue 2']);
    site.harness.app.stop();
  });
});

describe('/files: its route holds the library and tells it the filters (a real router)', () => {
  it('asks each filter, and again with the filter shown when the page says the files changed', async () => {
    const site = await openAt('/files');
    const library = actorOf<FilesActor>(site.dataOf('/files'));
    // An upload finished, or a file changed: read again, nothing else of the address changed.
    readLibraryAgain(library);
    await flush();
    await site.go('/files?view=approved&order=ad-27-000042&run=2027%2F03');
    expect(actorOf<FilesActor>(site.dataOf('/files'))).toBe(library);
    expect(asked).toEqual(['files all', 'files all', 'files approved AD-27-000042']);
    expect(library.getSnapshot().context.key).toMatchObject({
      customer: 'u-1',
      view: 'approved',
      version: 1,
    });

    // The run an upload is for is not a filter: the library is not asked again.
    await site.go('/files?view=approved&order=ad-27-000042&run=2027%2F04');
    expect(asked).toHaveLength(3);
    site.harness.app.stop();
  });
});
