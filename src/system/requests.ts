import { fromCallback, fromPromise } from 'xstate';
import type { RequestEvent } from '../../machines/request/request.machine';
import type { Result } from '../api/result';

/** Calls back with the signed-in customer's uuid (null when nobody is), now and whenever it changes. */
export type CustomerWatcher = (listener: (uuid: string | null) => void) => () => void;

/** What a customer watcher reads of the session actor (`app.session`). */
export interface SessionView {
  getSnapshot(): { context: { userData: { uuid?: string | undefined } | null } };
  subscribe(listener: () => void): { unsubscribe(): void };
}

/** The session's customer, as a request's key source: a load per customer, none for a visitor. */
export function watchCustomer(session: SessionView): CustomerWatcher {
  return (listener) => {
    const uuidNow = () => session.getSnapshot().context.userData?.uuid ?? null;
    let last = uuidNow();
    listener(last);
    const subscription = session.subscribe(() => {
      const next = uuidNow();
      if (next === last) return;
      last = next;
      listener(next);
    });
    return () => subscription.unsubscribe();
  };
}

/** A request's `followKey`: keyed by the signed-in customer, so another customer's answer is never shown. */
export const followCustomer = (watch: CustomerWatcher) =>
  fromCallback<RequestEvent<string>>(({ sendBack }) =>
    watch((uuid) => sendBack({ type: 'request.keyChanged', key: uuid })),
  );

/** An error whose message is the sentence the visitor reads (what the request machines show). */
export const failure = (message: string) => new Error(message);

/**
 * The load of a customer's own answer (their home, what is due next): the API's result, or an Error
 * with its message, or `unavailable` when the API could not be reached.
 */
export const loadForCustomer = <T>(ask: () => Promise<Result<T>>, unavailable: string) =>
  fromPromise<T, { key: string }>(async () => {
    const result = await ask().catch(() => {
      throw failure(unavailable);
    });
    if (!result.ok) throw failure(result.message || unavailable);
    return result.data;
  });
