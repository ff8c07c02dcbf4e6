import { SimulatedClock } from 'xstate';
import type { UserData } from '../../contract/auth';
import type { Cart } from '../../contract/cart';
import { cookieNames } from '../../contract/cookies';
import type { Meta } from '../../contract/envelope';
import type { ScriptEvent } from '../../machines/scriptLoader/scriptLoader.machine';
import type { StorefrontStore } from '../../src/lib/storage';
import { createAppSystem } from '../../src/system/app';
import type { AppEnvironment, AppServices, AppSettings } from '../../src/system/environment';

export const T0 = Date.parse('2027-01-11T09:00:00Z');

export const customer = (overrides: Partial<UserData> = {}): UserData => ({
  uuid: 'u-1',
  token: 'access-1',
  fullname: 'Dana Reyes',
  firstname: 'Dana',
  lastname: 'Reyes',
  company: 'Reyes Bakery',
  avatar: null,
  email: 'dana@bakery.example',
  cart_uuid: null,
  phone: null,
  ad_reminders: true,
  team_news: true,
  receipt_copies: false,
  role: 'owner',
  ...overrides,
});

export const emptyCart = (uuid: string): Cart => ({
  uuid,
  total: 0,
  total_formatted: '$0',
  status: 'open',
  contents: { items: [] },
});

const settings: AppSettings = {
  authTimeoutMs: 86_400_000,
  ssoLogout: true,
  chat: { scriptUrl: '/chat/widget.js', appId: '' },
  analyticsTagId: '',
};

/**
 * A whole app (src/system's assembly) in Node: a fake browser that records what the app did to it
 * (navigation, cookies, storage, scripts, chat commands, analytics) and fake API calls, with a
 * simulated clock. Tests drive it with the events the UI would send.
 */
export function fakeApp(
  options: {
    /** The page the app starts on; the storefront's home when absent. */
    pathname?: string;
    search?: string;
    services?: Partial<AppServices>;
    /** What the browser holds before the app starts. */
    stored?: StorefrontStore;
    cookies?: Record<string, string>;
  } = {},
) {
  const clock = new SimulatedClock();
  let now = T0;
  const record: string[] = [];
  let store: StorefrontStore = { ...options.stored };
  const cookies = new Map<string, string>(Object.entries(options.cookies ?? {}));
  const recheckers = new Set<() => void>();
  const names = cookieNames('adlane');

  const env: AppEnvironment = {
    now: () => now,
    address: () => ({
      pathname: options.pathname ?? '/',
      search: options.search ?? '',
      hash: '',
      origin: 'https://adlane.example',
    }),
    navigator: {
      toLogin: () => record.push('navigate /login'),
      go: (path) => record.push(`navigate ${path}`),
      reload: () => record.push('reload'),
      replaceSearch: (search) => record.push(`replace search "${search}"`),
    },
    store: {
      key: 'adlaneStorefrontStore',
      read: () => store,
      write: (patch) => {
        store = { ...store, ...patch };
      },
      remove: (...keys) => {
        store = Object.fromEntries(Object.entries(store).filter(([key]) => !keys.includes(key as never)));
      },
    },
    cookies: {
      names,
      get: (name) => cookies.get(name) ?? null,
      set: (name, value) => cookies.set(name, value),
      remove: (name) => cookies.delete(name),
    },
    watchSignInChanges: (onChange) => {
      recheckers.add(onChange);
      return () => recheckers.delete(onChange);
    },
    injectScript: (src, report: (event: ScriptEvent) => void) => {
      record.push(`script ${src}`);
      queueMicrotask(() => report({ type: 'script.injected' }));
      return () => {};
    },
    chatCommand: (command, payload) => record.push(`chat ${command} ${JSON.stringify(payload ?? null)}`),
    pushAnalytics: (event) => record.push(`analytics ${event}`),
    prepareAnalytics: () => {},
    log: { warn: (...args: unknown[]) => record.push(`warn ${args.join(' ')}`), error: () => {} },
  };

  let unauthenticated: ((meta?: Meta) => void) | null = null;
  const services: AppServices = {
    refreshLogin: () => Promise.reject(new Error('no refresh in this test')),
    createSession: () => Promise.reject(new Error('no one-time link in this test')),
    fetchMe: async () => customer(),
    logout: async () => {},
    loadCart: async (cartId) => emptyCart(cartId),
    addCartItem: async (_, cartId) => emptyCart(cartId ?? 'cart-new'),
    deleteCartItem: async (cartId) => emptyCart(cartId),
    restoreCartItem: async (cartId) => emptyCart(cartId),
    updateCartItem: async (cartId) => emptyCart(cartId),
    fetchOrdersStats: async () => ({ upcoming: 1, running: 0, completed: 0, cancelled: 0 }),
    logEvent: async (event, { path }) => {
      record.push(`log ${event} ${path}`);
      return { success: true };
    },
    loadSearchCode: async () => record.push('search code'),
    onUnauthenticated: (handler) => {
      unauthenticated = handler;
      return () => {
        unauthenticated = null;
      };
    },
    ...options.services,
  };

  // The app's timers run on the simulated clock: every actor is created with it.
  const app = createAppSystem({ env, services, settings, clock });
  return {
    app,
    record,
    clock,
    cookies,
    store: () => store,
    setNow: (at: number) => {
      now = at;
    },
    recheck: () => {
      for (const run of recheckers) run();
    },
    apiSaysUnauthenticated: () => unauthenticated?.(),
    /** A 401 that says the person was removed from a company's team. */
    apiSaysAccessRemoved: (company: string) =>
      unauthenticated?.({ drop_cookies: [], access_removed: { company } }),
    /** Whether the app has a handler registered with the API client for 401 answers. */
    listensForUnauthenticated: () => unauthenticated !== null,
  };
}

/** Lets pending promises (the fake API's answers) settle. */
export const flush = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};
