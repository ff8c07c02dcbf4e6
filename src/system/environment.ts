import type { UserData } from '../../contract/auth';
import type { Cart } from '../../contract/cart';
import type { CookieNames } from '../../contract/cookies';
import type { Meta } from '../../contract/envelope';
import type { CartItemChange, CartItemRequest } from '../../machines/cart/cart.machine';
import type { ScriptEvent } from '../../machines/scriptLoader/scriptLoader.machine';
import type { OrdersStats } from '../../machines/session/session.machine';
import type { StorefrontStore } from '../lib/storage';

/** Where the app goes: the router's navigation in the browser, a recorder in tests. */
export interface Navigator {
  toLogin(): void;
  /**
   * Goes to a path of this site (a search hit's page); `replace`, in place of the address shown (an
   * orders search as it is typed: Back leaves the list rather than stepping through every search).
   */
  go(path: string, options?: { replace: boolean }): void;
  reload(): void;
  /** Replaces the address without reloading (used to drop a used one-time link). */
  replaceSearch(search: string): void;
}

export interface PageAddress {
  pathname: string;
  search: string;
  hash: string;
  origin: string;
}

/**
 * Everything the app's actors need from the browser, in one place: the clock, the address,
 * navigation, storage, cookies, script tags, window events and the analytics queue. The browser's is
 * `browserEnvironment()` (src/system/browser.ts); tests pass a fake and run the whole app in Node.
 */
export interface AppEnvironment {
  now(): number;
  address(): PageAddress;
  navigator: Navigator;
  store: {
    key: string;
    read(): StorefrontStore;
    write(patch: Partial<StorefrontStore>): void;
    remove(...keys: Array<keyof StorefrontStore>): void;
  };
  cookies: {
    names: CookieNames;
    get(name: string): string | null;
    set(name: string, value: string, days?: number): void;
    remove(name: string): void;
  };
  /**
   * Calls back whenever who is signed in may have changed: storage written by another tab, or the
   * visitor coming back to the tab (the minute's recheck is the session machine's own). Answers the
   * way to stop.
   */
  watchSignInChanges(onChange: () => void): () => void;
  /** Adds a <script> (once) and reports `script.injected` or `script.errored`. Answers the way to stop listening. */
  injectScript(src: string, report: (event: ScriptEvent) => void): () => void;
  /** The chat widget's command function (`window.AdlaneChat`, or a hosted provider's). */
  chatCommand(command: string, payload?: Record<string, unknown>): void;
  /** Pushes to the data layer and gtag (SPEC section 7); never throws. */
  pushAnalytics(event: string, params?: Record<string, unknown>): void;
  /** Makes `dataLayer` and `gtag` exist (a no-op queue without a tag id). */
  prepareAnalytics(tagId: string): void;
  log: Pick<Console, 'warn' | 'error'>;
}

/**
 * The API calls the app's actors make (src/api in the browser, fakes in tests). Each resolves with
 * its data or rejects with the error the machines expect (CartNotFound for a cart that is gone).
 */
export interface AppServices {
  refreshLogin(dashboardCookie: string): Promise<UserData>;
  createSession(queryString: string): Promise<UserData>;
  fetchMe(cartId: string | null): Promise<UserData>;
  logout(): Promise<void>;
  loadCart(cartId: string): Promise<Cart>;
  addCartItem(item: CartItemRequest, cartId: string | null): Promise<Cart>;
  deleteCartItem(cartId: string, itemId: number): Promise<Cart>;
  restoreCartItem(cartId: string, itemId: number): Promise<Cart>;
  updateCartItem(cartId: string, change: CartItemChange): Promise<Cart>;
  fetchOrdersStats(): Promise<OrdersStats>;
  logEvent(event: string, options: { path: string }): Promise<{ success: boolean }>;
  /** Loads the search UI's code (the first time search is opened). */
  loadSearchCode(): Promise<unknown>;
  /**
   * Who the API client tells when an authenticated call answers 401 "Unauthenticated." (with the
   * answer's meta: `access_removed` names the company whose team the person was removed from, when that
   * ended the sign-in); answers the way to stop.
   */
  onUnauthenticated(handler: (meta?: Meta) => void): () => void;
}

/** The settings the actors read (src/config.ts in the app). */
export interface AppSettings {
  authTimeoutMs: number;
  ssoLogout: boolean;
  chat: { scriptUrl: string; appId: string };
  analyticsTagId: string;
}
