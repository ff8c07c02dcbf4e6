import type { ScriptEvent } from '../../machines/scriptLoader/scriptLoader.machine';
import { config } from '../config';
import { pushAnalytics } from '../lib/analytics';
import { COOKIE_NAMES, getCookie, removeCookie, setCookie } from '../lib/cookies';
import { readStore, removeFromStore, STORE_KEY, writeStore } from '../lib/storage';
import type { AppEnvironment, Navigator } from './environment';

/**
 * Adds a <script> and reports whether it loaded. The element stays once added: a script cannot be
 * stopped, and one that arrives after the time-out still runs, so a later request reuses it (and
 * learns it loaded) instead of running a second copy.
 */
/**
 * Runs `add` once the page has loaded and the browser is idle (or 3 s later at most): a third party's
 * script (the chat widget, the analytics tag) never competes with the page's own start.
 */
function whenPageSettles(add: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(add, { timeout: 3_000 }) : setTimeout(add, 200);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Scripts asked for that wait for the page to settle, so a second request does not add another. */
const waitingScripts = new Map<string, HTMLScriptElement>();

function injectScript(src: string, report: (event: ScriptEvent) => void): () => void {
  let element =
    waitingScripts.get(src) ?? [...document.scripts].find((script) => script.dataset.loaderSrc === src);
  // One that failed to load will not load by itself: a retry starts afresh.
  if (element?.dataset.loaderState === 'failed') {
    element.remove();
    element = undefined;
  }
  if (!element) {
    const created = document.createElement('script');
    created.src = src;
    created.async = true;
    created.dataset.loaderSrc = src;
    created.addEventListener('load', () => {
      created.dataset.loaderState = 'loaded';
    });
    created.addEventListener('error', () => {
      created.dataset.loaderState = 'failed';
    });
    waitingScripts.set(src, created);
    whenPageSettles(() => {
      waitingScripts.delete(src);
      document.head.append(created);
    });
    element = created;
  }
  if (element.dataset.loaderState === 'loaded') {
    report({ type: 'script.injected' });
    return () => {};
  }
  const onLoad = () => report({ type: 'script.injected' });
  const onError = () => report({ type: 'script.errored', reason: `${src} could not be loaded.` });
  const pending = element;
  pending.addEventListener('load', onLoad);
  pending.addEventListener('error', onError);
  return () => {
    pending.removeEventListener('load', onLoad);
    pending.removeEventListener('error', onError);
  };
}

function watchSignInChanges(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORE_KEY) onChange();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener('focus', onChange);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('focus', onChange);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

function prepareAnalytics(tagId: string) {
  window.dataLayer = window.dataLayer ?? [];
  if (!window.gtag) {
    window.gtag = function gtag() {
      // gtag.js reads its calls from the data layer as `arguments` objects.
      // biome-ignore lint/complexity/noArguments: gtag's documented queue format
      window.dataLayer?.push(arguments);
    };
  }
  if (!tagId) return;
  window.gtag('js', new Date());
  window.gtag('config', tagId);
}

/** The browser as the app's actors use it. */
export function browserEnvironment(navigator: Navigator): AppEnvironment {
  return {
    now: () => Date.now(),
    address: () => ({
      pathname: window.location.pathname,
      search: window.location.search,
      hash: window.location.hash,
      origin: window.location.origin,
    }),
    navigator,
    store: { key: STORE_KEY, read: readStore, write: writeStore, remove: removeFromStore },
    cookies: { names: COOKIE_NAMES, get: getCookie, set: setCookie, remove: removeCookie },
    watchSignInChanges,
    injectScript,
    chatCommand: (command, payload) => {
      const api = (window as unknown as Record<string, unknown>)[config.chat.global];
      if (typeof api === 'function') api(command, payload);
    },
    pushAnalytics: (event, params) => pushAnalytics(event, params),
    prepareAnalytics,
    log: console,
  };
}
