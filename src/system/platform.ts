import { type ActorRefFrom, fromCallback, fromPromise, waitFor } from 'xstate';
import { chatWidgetMachine } from '../../machines/chat/chatWidget.machine';
import {
  type ScriptActor,
  type ScriptEvent,
  scriptLoaderMachine,
  scriptMachine,
} from '../../machines/scriptLoader/scriptLoader.machine';
import { captureRepCode } from '../lib/repCode';
import type { AppEnvironment, AppServices, AppSettings } from './environment';

/** External scripts: each loaded once, tracked as not loaded, loading, loaded or failed. */
export function scriptLoaderLogic(env: AppEnvironment) {
  const inject = fromCallback<ScriptEvent, { src: string }>(({ input, sendBack }) =>
    env.injectScript(input.src, sendBack),
  );
  return scriptLoaderMachine.provide({
    actors: { script: scriptMachine.provide({ actors: { inject } }) },
  });
}

export type ScriptLoaderActor = ActorRefFrom<ReturnType<typeof scriptLoaderLogic>>;

/** Loads a script through the loader; resolves when it has loaded, rejects when it failed. */
export async function requireScript(loader: ScriptLoaderActor, src: string): Promise<void> {
  loader.send({ type: 'scripts.require', src });
  const script = loader.getSnapshot().children[src] as ScriptActor | undefined;
  if (!script) throw new Error(`${src} was not taken by the script loader.`);
  const settled = await waitFor(script, (s) => s.matches('loaded') || s.matches('failed'), {
    timeout: Infinity,
  });
  if (settled.matches('failed')) throw new Error(settled.context.error ?? `${src} could not be loaded.`);
}

/** The chat widget: its script through the loader, its commands through the provider's function. */
export function chatLogic(env: AppEnvironment, settings: AppSettings, loader: ScriptLoaderActor) {
  return chatWidgetMachine.provide({
    actors: { loadWidget: fromPromise(() => requireScript(loader, settings.chat.scriptUrl)) },
    actions: {
      boot: (_, { visitor }) =>
        env.chatCommand('boot', {
          ...(settings.chat.appId ? { app_id: settings.chat.appId } : {}),
          // SPEC section 9: the launcher sits raised 40 px (Intercom-style providers read this).
          vertical_padding: 40,
          ...visitor,
        }),
      update: (_, { visitor }) => env.chatCommand('update', visitor),
      show: () => env.chatCommand('show'),
      shutdown: () => env.chatCommand('shutdown'),
    },
  });
}

/**
 * Analytics (SPEC section 7): `dataLayer` and `gtag` always exist (events queue locally); the tag
 * script loads through the script loader only when a tag id is configured.
 */
export function startAnalytics(env: AppEnvironment, settings: AppSettings, loader: ScriptLoaderActor) {
  env.prepareAnalytics(settings.analyticsTagId);
  if (!settings.analyticsTagId) return;
  requireScript(
    loader,
    `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(settings.analyticsTagId)}`,
  ).catch((error: unknown) => env.log.warn('The analytics tag did not load:', error));
}

/** A page view for the event log, once per page: filters and other query changes are not new views. */
export function pageViewLogger(services: AppServices) {
  let last = '';
  return (href: string) => {
    const path = href.split(/[?#]/)[0] || '/';
    if (path === last) return;
    last = path;
    void services.logEvent('page_view', { path });
  };
}

/** SPEC section 7: the rep code from `?rep=` or storage into its 30-day cookie. */
export function keepRepCode(env: AppEnvironment) {
  captureRepCode(
    env.address().search,
    env.cookies,
    {
      read: () => {
        const { repCode, repCodeAt } = env.store.read();
        return repCode && typeof repCodeAt === 'number' ? { code: repCode, at: repCodeAt } : undefined;
      },
      write: (repCode, repCodeAt) => env.store.write({ repCode, repCodeAt }),
    },
    env.now(),
  );
}
