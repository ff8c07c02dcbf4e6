/**
 * The app's actors, created and started once at module level (not inside React, so StrictMode's
 * double effects cannot restart them) with the real effects: HTTP, storage, cookies, navigation.
 * Everything in machines/ except this file is pure and runs in unit tests with fakes.
 */
import { createActor, fromPromise, waitFor } from 'xstate';
import { shopPathForZip } from '../contract/shopPaths';
import { createSession, fetchMe, logout, refreshLogin } from '../src/api/auth';
import { addCartItem, deleteCartItem, fetchOrdersStats, loadCart } from '../src/api/cart';
import { handleUnauthenticated } from '../src/api/client';
import { config } from '../src/config';
import { loadSearchCode } from '../src/features/search/loadSearchCode';
import { readShopSearch, writeShopSearch } from '../src/features/shop/shopSearch';
import { pushAnalytics } from '../src/lib/analytics';
import { toAnalyticsItem } from '../src/lib/analyticsItems';
import { COOKIE_NAMES, getCookie, removeCookie } from '../src/lib/cookies';
import { sitePath } from '../src/lib/sitePath';
import { readStore, removeFromStore, STORE_KEY, writeStore } from '../src/lib/storage';
import { cartMachine } from './cart/cart.machine';
import { inspect } from './inspection';
import { chatActor, logPageView, scriptLoaderActor, startPlatformServices, visitorOf } from './platform';
import { searchDrawerMachine } from './searchDrawer/searchDrawer.machine';
import { selectIsPending } from './session/selectors';
import { type Surroundings, sessionMachine } from './session/session.machine';
import { toastsMachine } from './toasts/toasts.machine';

/** How often to look again at the cookie and token age while the tab is open. */
const RECHECK_EVERY_MS = 60_000;

export interface Navigator {
  toLogin(): void;
  /** Goes to a path of this site (a search hit's page). */
  go(path: string): void;
  reload(): void;
  /** Replaces the address without reloading (used to drop a used one-time link). */
  replaceSearch(search: string): void;
}

let navigator: Navigator = {
  toLogin: () => window.location.assign('/login'),
  go: (path) => window.location.assign(path),
  reload: () => window.location.reload(),
  replaceSearch: (search) =>
    window.history.replaceState(window.history.state, '', `${location.pathname}${search}${location.hash}`),
};

/** Lets the router navigate in-app instead of loading pages (src/router.tsx). */
export function setNavigator(next: Navigator) {
  navigator = next;
}

export type Decision = 'authenticated' | 'unauthenticated';
type DecisionListener = (decision: Decision, previous: Decision | null) => void;
const decisionListeners = new Set<DecisionListener>();
let lastDecision: Decision | null = null;

/** The guard's callbacks: listeners hear each decision once, not again on every recheck. */
export function onAuthDecision(listener: DecisionListener): () => void {
  decisionListeners.add(listener);
  return () => decisionListeners.delete(listener);
}

function decide(decision: Decision) {
  if (decision === lastDecision) return;
  const previous = lastDecision;
  lastDecision = decision;
  for (const listener of decisionListeners) listener(decision, previous);
}

function readSurroundings(): Surroundings {
  const store = readStore();
  return {
    now: Date.now(),
    dashboardCookie: getCookie(COOKIE_NAMES.dashboardToken),
    stored: {
      token: typeof store.token === 'string' ? store.token : null,
      tokenCreatedAt: typeof store.tokenCreatedAt === 'number' ? store.tokenCreatedAt : null,
      station: typeof store.station === 'string' ? store.station : null,
    },
  };
}

const hydrateQuery = () =>
  new URLSearchParams(location.search).get('hydrate') === '1' ? location.search : null;

const withoutHydrate = () => {
  const params = new URLSearchParams(location.search);
  params.delete('hydrate');
  params.delete('code');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
};

export const sessionActor = createActor(
  sessionMachine.provide({
    actors: {
      refreshLogin: fromPromise(async ({ input }) => ({
        userData: await refreshLogin(input.dashboardCookie),
        at: Date.now(),
      })),
      createSession: fromPromise(async ({ input }) => ({
        userData: await createSession(input.query),
        at: Date.now(),
      })),
      fetchProfile: fromPromise(({ input }) => fetchMe(input.cartId)),
      revokeSession: fromPromise(() => logout()),
    },
    actions: {
      storeSignIn: (_, { token, createdAt }) => writeStore({ token, tokenCreatedAt: createdAt }),
      clearStoredSignIn: () => removeFromStore('token', 'tokenCreatedAt', 'station'),
      clearDashboardCookie: () => removeCookie(COOKIE_NAMES.dashboardToken),
      clearCartCookie: () => removeCookie(COOKIE_NAMES.cartId),
      reloadPage: () => navigator.reload(),
      navigateToLogin: () => navigator.toLogin(),
      forgetHydrateLink: () => navigator.replaceSearch(withoutHydrate()),
      trackUserLoaded: (_, { userId, email }) =>
        pushAnalytics('user_data_loaded', { user_id: userId, email }),
      reportProfileError: (_, { error }) => console.error('Error fetching the user profile:', error),
      notifyAuthenticated: () => decide('authenticated'),
      notifyUnauthenticated: () => decide('unauthenticated'),
    },
  }),
  {
    systemId: 'session',
    inspect,
    input: {
      ...readSurroundings(),
      cartCookie: getCookie(COOKIE_NAMES.cartId),
      hydrateQuery: hydrateQuery(),
      authTimeoutMs: config.authTimeoutMs,
      ssoLogout: config.ssoLogout,
    },
  },
);

handleUnauthenticated(() => sessionActor.send({ type: 'auth.apiUnauthenticated' }));

const recheck = () => sessionActor.send({ type: 'auth.recheck', surroundings: readSurroundings() });

// Another tab signing in or out, the visitor coming back to the tab, and time passing can all change
// who is signed in; the guard looks again each time.
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === STORE_KEY) recheck();
});
window.addEventListener('focus', recheck);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') recheck();
});
setInterval(recheck, RECHECK_EVERY_MS);

sessionActor.start();

export type SessionActor = typeof sessionActor;

/** Toasts (top-right): at most 3, each hides after 5 seconds. */
export const toastsActor = createActor(toastsMachine, { systemId: 'toasts', inspect });
toastsActor.start();

/** Cart operations; the cart itself is held by the session (SPEC: cartId and cart are session state). */
export const cartActor = createActor(
  cartMachine.provide({
    actors: {
      loadCart: fromPromise(({ input }) => loadCart(input.cartId)),
      addItem: fromPromise(({ input }) => addCartItem(input.item, input.cartId)),
      removeItem: fromPromise(({ input }) => deleteCartItem(input.cartId, input.itemId)),
    },
    actions: {
      commitCart: (_, { cart }) => sessionActor.send({ type: 'session.cartSet', cart }),
      forgetCart: () => {
        removeCookie(COOKIE_NAMES.cartId);
        sessionActor.send({ type: 'session.cartCleared' });
        // An order placed changes the counts of the account menu.
        if (sessionActor.getSnapshot().context.userData?.uuid) loadOrdersStats();
      },
      toastSuccess: (_, { message }) => toastsActor.send({ type: 'toast.show', variant: 'success', message }),
      toastError: (_, { message }) => toastsActor.send({ type: 'toast.show', variant: 'error', message }),
      trackAddToCart: (_, { cart }) => {
        const added = cart.contents.items[0];
        if (added)
          pushAnalytics('add_to_cart', {
            ecommerce: { currency: 'USD', value: added.price, items: [toAnalyticsItem(added)] },
          });
      },
      logError: (_, { message, error }) => console.error(`${message}:`, error),
    },
  }),
  { systemId: 'cart', inspect, input: { cartId: sessionActor.getSnapshot().context.cartId } },
);
cartActor.start();

// The cart load is keyed by the session's cart id: follow it (cookie, sign-in adoption, a new cart).
let followedCartId = sessionActor.getSnapshot().context.cartId;
sessionActor.subscribe((snapshot) => {
  if (snapshot.context.cartId === followedCartId) return;
  followedCartId = snapshot.context.cartId;
  cartActor.send({ type: 'cart.cartIdChanged', cartId: followedCartId });
});

export type CartActor = typeof cartActor;

// Platform services: the rep code, analytics, and the chat widget booted with the visitor, updated
// when the customer becomes known, shut down on sign-out (then booted again for the visitor).
startPlatformServices();
let chatUser = sessionActor.getSnapshot().context.userData?.uuid ?? null;
let chatProfile = JSON.stringify(visitorOf(sessionActor.getSnapshot().context.userData ?? null));
chatActor.send({
  type: 'chat.boot',
  visitor: visitorOf(sessionActor.getSnapshot().context.userData ?? null),
});
sessionActor.subscribe((snapshot) => {
  const user = snapshot.context.userData ?? null;
  const uuid = user?.uuid ?? null;
  const visitor = visitorOf(user);
  const profile = JSON.stringify(visitor);
  if (profile === chatProfile) return;
  const signedOut = chatUser !== null && uuid === null;
  const newUser = uuid !== null && uuid !== chatUser;
  chatUser = uuid;
  chatProfile = profile;
  if (signedOut) {
    chatActor.send({ type: 'chat.shutdown' });
    chatActor.send({ type: 'chat.boot', visitor: {} });
    return;
  }
  // A changed name or company reaches the widget too, not only a new customer.
  chatActor.send({ type: 'chat.update', visitor });
  if (newUser) loadOrdersStats();
});

/** GET /orders/stats into the session (the account menu and the home page show the counts). */
function loadOrdersStats() {
  const asked = sessionActor.getSnapshot().context.userData?.uuid;
  fetchOrdersStats()
    .then((result) => {
      // Counts for someone who has since signed out (or another account) are dropped.
      if (result.ok && sessionActor.getSnapshot().context.userData?.uuid === asked)
        sessionActor.send({ type: 'session.ordersStatsSet', ordersStats: result.data });
    })
    .catch((error: unknown) => console.warn('Orders stats could not be loaded:', error));
}

export { chatActor, logPageView, scriptLoaderActor };

/** Site search: the drawer, the inline dropdown, and whether a search has stalled. */
export const searchActor = createActor(
  searchDrawerMachine.provide({
    actions: {
      loadSearchCode: () => void loadSearchCode(),
      clearStoredZip: () => writeShopSearch({ ...readShopSearch(), zip: '' }),
      followHit: (_, { hit }) => {
        // A location hit with a zip opens the shop there, with the stored search parameters set.
        if (hit.type === 'location' && hit.zip) {
          writeShopSearch({ ...readShopSearch(), zip: hit.zip });
          navigator.go(shopPathForZip(hit.zip));
        } else {
          // Only pages of this site: a record (hosted indexes are edited elsewhere) must not send
          // people off the site, or run a javascript: URL before the router guards navigation.
          const path = sitePath(hit.url, window.location.origin);
          if (path) navigator.go(path);
          else console.warn(`A search hit pointed off the site and was not followed: ${hit.url}`);
        }
      },
    },
  }),
  { systemId: 'search', inspect },
);
searchActor.start();
export type SearchActor = typeof searchActor;
export type ToastsActor = typeof toastsActor;

/** The guard's decision is waited for, never longer than this (a hung API must not hang the page). */
const GUARD_TIMEOUT_MS = 8_000;

/** Resolves once the guard has decided: whether the visitor is authenticated. */
export async function isAuthenticated(actor: SessionActor = sessionActor): Promise<boolean> {
  const snapshot = await waitFor(actor, (s) => !selectIsPending(s), { timeout: GUARD_TIMEOUT_MS }).catch(() =>
    actor.getSnapshot(),
  );
  return snapshot.matches({ auth: { decided: 'authenticated' } });
}
