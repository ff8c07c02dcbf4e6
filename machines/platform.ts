/**
 * The app-wide services of SPEC sections 4, 7 and 9, created with the other actors (system.ts
 * imports this): the script loader, the chat widget, the analytics tag, the rep code and the page
 * views of the event log.
 */
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { UserData } from '../contract/auth';
import type { ChatVisitor } from '../contract/platform';
import { logEvent } from '../src/api/logEvent';
import { config } from '../src/config';
import { captureRepCode } from '../src/lib/repCode';
import { chatWidgetMachine } from './chat/chatWidget.machine';
import { inspect } from './inspection';
import {
  type ScriptActor,
  type ScriptEvent,
  scriptLoaderMachine,
  scriptMachine,
} from './scriptLoader/scriptLoader.machine';

/**
 * Adds a <script> and reports whether it loaded. The element stays once added: a script cannot be
 * stopped, and one that arrives after the time-out still runs, so a later request reuses it (and
 * learns it loaded) instead of running a second copy.
 */
const injectScript = fromCallback<ScriptEvent, { src: string }>(({ input, sendBack }) => {
  let element = [...document.scripts].find((script) => script.dataset.loaderSrc === input.src);
  // One that failed to load will not load by itself: a retry starts afresh.
  if (element?.dataset.loaderState === 'failed') {
    element.remove();
    element = undefined;
  }
  if (!element) {
    const created = document.createElement('script');
    created.src = input.src;
    created.async = true;
    created.dataset.loaderSrc = input.src;
    created.addEventListener('load', () => {
      created.dataset.loaderState = 'loaded';
    });
    created.addEventListener('error', () => {
      created.dataset.loaderState = 'failed';
    });
    document.head.append(created);
    element = created;
  }
  if (element.dataset.loaderState === 'loaded') {
    sendBack({ type: 'script.injected' });
    return;
  }
  const onLoad = () => sendBack({ type: 'script.injected' });
  const onError = () => sendBack({ type: 'script.errored', reason: `${input.src} could not be loaded.` });
  const pending = element;
  pending.addEventListener('load', onLoad);
  pending.addEventListener('error', onError);
  return () => {
    pending.removeEventListener('load', onLoad);
    pending.removeEventListener('error', onError);
  };
});

/** External scripts: each loaded once, tracked as not loaded, loading, loaded or failed. */
export const scriptLoaderActor = createActor(
  scriptLoaderMachine.provide({
    actors: { script: scriptMachine.provide({ actors: { inject: injectScript } }) },
  }),
  { systemId: 'scriptLoader', inspect },
);
scriptLoaderActor.start();

/** Loads a script through the loader; resolves when it has loaded, rejects when it failed. */
export async function requireScript(src: string): Promise<void> {
  scriptLoaderActor.send({ type: 'scripts.require', src });
  const script = scriptLoaderActor.getSnapshot().children[src] as ScriptActor | undefined;
  if (!script) throw new Error(`${src} was not taken by the script loader.`);
  const settled = await waitFor(script, (s) => s.matches('loaded') || s.matches('failed'), {
    timeout: Infinity,
  });
  if (settled.matches('failed')) throw new Error(settled.context.error ?? `${src} could not be loaded.`);
}

/** The widget's command function (`window.AdlaneChat`, or the hosted provider's). */
function chatCommand(command: string, payload?: Record<string, unknown>) {
  const api = (window as unknown as Record<string, unknown>)[config.chat.global];
  if (typeof api === 'function') api(command, payload);
}

/** The chat widget: booted on app start, updated when the visitor becomes known, shut down on sign-out. */
export const chatActor = createActor(
  chatWidgetMachine.provide({
    actors: { loadWidget: fromPromise(() => requireScript(config.chat.scriptUrl)) },
    actions: {
      boot: (_, { visitor }) =>
        chatCommand('boot', {
          ...(config.chat.appId ? { app_id: config.chat.appId } : {}),
          // SPEC section 9: the launcher sits raised 40 px (Intercom-style providers read this).
          vertical_padding: 40,
          ...visitor,
        }),
      update: (_, { visitor }) => chatCommand('update', visitor),
      show: () => chatCommand('show'),
      hide: () => chatCommand('hide'),
      shutdown: () => chatCommand('shutdown'),
    },
  }),
  { systemId: 'chat', inspect },
);
chatActor.start();

/** The chat's visitor profile from the signed-in customer (SPEC section 7's fields). */
export const visitorOf = (user: Partial<UserData> | null): ChatVisitor =>
  user?.uuid
    ? {
        ...(user.email ? { email: user.email } : {}),
        user_id: user.uuid,
        ...(user.fullname ? { name: user.fullname } : {}),
        ...(user.company ? { company: user.company } : {}),
        plan: 'customer',
        custom_attributes: { signed_in: true },
      }
    : {};

/**
 * Analytics (SPEC section 7): `dataLayer` and `gtag` always exist (events queue locally); the tag
 * script loads through the script loader only when a tag id is configured.
 */
export function startAnalytics() {
  window.dataLayer = window.dataLayer ?? [];
  if (!window.gtag) {
    window.gtag = function gtag() {
      // gtag.js reads its calls from the data layer as `arguments` objects.
      // biome-ignore lint/complexity/noArguments: gtag's documented queue format
      window.dataLayer?.push(arguments);
    };
  }
  if (!config.analyticsTagId) return;
  window.gtag('js', new Date());
  window.gtag('config', config.analyticsTagId);
  requireScript(
    `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(config.analyticsTagId)}`,
  ).catch((error: unknown) => console.warn('The analytics tag did not load:', error));
}

let lastPageView = '';
/** A page view for the event log, once per page: filters and other query changes are not new views. */
export function logPageView(href: string) {
  const path = href.split(/[?#]/)[0] || '/';
  if (path === lastPageView) return;
  lastPageView = path;
  void logEvent('page_view', { path });
}

/** Rep code from `?rep=` or storage into its 30-day cookie, and analytics. */
export function startPlatformServices() {
  captureRepCode(window.location.search);
  startAnalytics();
}
