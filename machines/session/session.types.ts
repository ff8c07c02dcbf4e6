import type { UserData } from '../../contract/auth';
import type { Cart } from '../../contract/cart';
import type { OrderCounts } from '../../contract/orders';

/** What the browser holds about a sign-in (the storefront store in local storage). */
export interface StoredSignIn {
  token: string | null;
  tokenCreatedAt: number | null;
  station: string | null;
}

/** A reading of the browser the session cannot make itself (machines touch no DOM): cookies, storage, time. */
export interface Surroundings {
  now: number;
  /** The shared single-sign-on cookie (`adlane_dashboard_token`), if present. */
  dashboardCookie: string | null;
  stored: StoredSignIn;
}

/** GET /orders/stats: the signed-in customer's orders counted by status. */
export type OrdersStats = OrderCounts;

export interface SessionContext extends StoredSignIn {
  cartId: string | null;
  /** Signed in means userData has a uuid (SPEC section 4). */
  userData: Partial<UserData> | null;
  ordersStats: OrdersStats | null;
  cart: Cart | null;
  dashboardCookie: string | null;
  now: number;
  /** The page's query string when it carries hydrate=1 (a one-time sign-in link), else null. */
  hydrateQuery: string | null;
  authTimeoutMs: number;
  ssoLogout: boolean;
  /** The guard's first decision was made; later checks skip the 900 ms + 100 ms settling. */
  settled: boolean;
  /** The surroundings changed while the guard was still deciding: check again once it has. */
  recheckQueued: boolean;
  /** Failed profile fetches in a row (a few are retried, then the next recheck tries again). */
  profileFailures: number;
  /** The token the profile being fetched belongs to: an answer for another token is dropped. */
  profileToken: string | null;
  /** The cart filled before signing in, when it is not the account's: GET /me hands it to the account. */
  cartToOffer: string | null;
  /** The cart id sent with the profile request under way. */
  profileCart: string | null;
  /** Whose orders the counts (being) loaded are: the user's uuid; null when they are to be loaded again. */
  ordersStatsFor: string | null;
}

export interface SessionInput extends Surroundings {
  cartCookie: string | null;
  hydrateQuery: string | null;
  authTimeoutMs: number;
  ssoLogout: boolean;
}

/** A successful sign-in: the user data (with its token), when the token was made, and the cookie after it. */
export interface SignIn {
  userData: UserData;
  at: number;
  /** The dashboard cookie once the answer's drop_cookies were applied, when the caller read it. */
  dashboardCookie?: string | null;
}

export type SessionEvent =
  | ({ type: 'session.login' } & SignIn)
  | ({ type: 'session.register' } & SignIn)
  /** Setting the cart stores it and takes its uuid as the cart id (an answer of the cart actor). */
  | { type: 'session.cartSet'; cart: Cart }
  /** The cart was checked out or no longer exists: the next add starts a new one. */
  | { type: 'session.cartCleared' }
  /** The profile was edited (name, phone, picture, e-mail): the header and the chat follow at once. */
  | { type: 'session.userUpdated'; userData: UserData }
  /** An order was placed or changed: the counts of the account menu are loaded again. */
  | { type: 'session.ordersChanged' }
  | { type: 'session.signOut' }
  /** An authenticated call answered 401 "Unauthenticated." (outside /login). */
  | { type: 'auth.apiUnauthenticated' }
  /** The surroundings may have changed: focus, another tab, a timer. */
  | { type: 'auth.recheck'; surroundings: Surroundings };
