import { browserId } from '../lib/browserId';
import { call } from './client';

export interface LogEventOptions {
  /** The page it happened on; the current page by default. */
  path?: string;
  properties?: Record<string, string | number | boolean>;
}

/**
 * POST /log/event (SPEC sections 7 and 8): form-encoded, with `browser_id` from the
 * `adlane_browser_id` cookie and the bearer token when one is stored. Answers `success: false` on
 * any failure and never throws: logging must not break what it logs.
 */
export async function logEvent(event: string, options: LogEventOptions = {}): Promise<{ success: boolean }> {
  try {
    const form = new URLSearchParams();
    form.set('event', event);
    form.set('browser_id', browserId());
    form.set('path', options.path ?? window.location.pathname);
    if (options.properties) form.set('properties', JSON.stringify(options.properties));
    const answer = await call<{ id: number }>('/log/event', { method: 'post', body: form, auth: 'optional' });
    return { success: answer.success };
  } catch {
    return { success: false };
  }
}
