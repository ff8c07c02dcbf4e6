/**
 * The browser's app: loaded right after the first bundle (src/system/handle.ts), so XState and the
 * actors are not in the page's first script. The session guard waits a full second before deciding
 * anyway (SPEC section 4), and until then the header shows neither "Sign in" nor the account.
 */
import { config } from '../config';
import { createAppSystem } from './app';
import { browserEnvironment } from './browser';
import type { AppServices, Navigator } from './environment';
import { inspect } from './inspection';
import { httpServices } from './services';

/**
 * `ui.loadSearchCode` loads the search UI's code: a feature of the page, which the assembly point must
 * not import (features sit above it), so main.tsx hands it over.
 */
export function startBrowserApp(navigator: Navigator, ui: Pick<AppServices, 'loadSearchCode'>) {
  return createAppSystem({
    env: browserEnvironment(navigator),
    services: { ...httpServices, ...ui },
    settings: config,
    inspect,
  });
}
