/**
 * A local stand-in for Stripe's API, speaking its protocol to the real SDK (tests and `npm run dev`).
 *
 * Covers: customers (create, read, update the default card); Checkout Sessions in payment and setup
 * mode (create, read, expire) with a hosted page whose Pay / Save card / Cancel buttons complete it;
 * off-session PaymentIntents of a saved card (create, read); SetupIntents and PaymentMethods (read,
 * detach); refunds (create, read); `expand[]`; idempotency keys (replay, or `idempotency_error` for
 * other parameters); Stripe's error shapes (401, 400 `parameter_unknown`, 402 `card_declined`, 404,
 * 500 on request); events `checkout.session.completed|expired`, `payment_intent.succeeded|
 * payment_failed`, `refund.created`, signed with the webhook secret and sent before the call that
 * caused them answers. Test cards: pm_card_visa (4242, pays) and pm_card_chargeDeclined (0341:
 * declines on the page; saves in setup mode, then every charge is declined).
 *
 * Does NOT cover: 3-D Secure / `requires_action`, disputes, partial captures, currencies other than
 * USD, taxes, subscriptions, Stripe's own Invoices, Connect, event retries and backoff, list and
 * search endpoints, webhook endpoint management, API versions other than the SDK's. It refuses
 * parameters it does not implement rather than accept them silently.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { type Deliver, EventSender, type SentEvent, type Tamper } from './events';
import { ObjectStore, type TestCard } from './objects';
import { standInApp } from './server';

export type { Deliver, SentEvent, Tamper } from './events';
export type { TestCard } from './objects';

export interface LocalStripeOptions {
  secretKey: string;
  webhookSecret: string;
  clock: () => Date;
  /** Where events go; null keeps them (listed by `events()`). */
  deliver: Deliver | null;
  /** Send a paid page's events just after the redirect instead of before (a "pending" screen). */
  deliverAfterRedirect?: boolean;
  port?: number;
}

export interface LocalStripe {
  /** `http://127.0.0.1:port`: STRIPE_API_BASE, and the origin of the hosted pages. */
  apiBase: string;
  close(): Promise<void>;
  events(): SentEvent[];
  expire(sessionId: string): Promise<void>;
  hold(): void;
  release(order?: string[]): Promise<void>;
  resend(eventId: string): Promise<number | null>;
  /** The next call to this path (`/v1/payment_intents`) answers 500 `api_error`. */
  failNext(path: string): void;
  /** Changes each following event before it is signed (null: stop). */
  tamper(change: Tamper | null): void;
  /** Completes a hosted page as a customer's click would, answering where the browser is sent. */
  pay(sessionId: string, card?: TestCard): Promise<{ status: number; location: string | null }>;
}

export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  const store = new ObjectStore(options.clock);
  const events = new EventSender(store, options.webhookSecret, options.deliver);
  let base = '';
  const failNext = new Set<string>();
  const app = standInApp({
    store,
    events,
    secretKey: options.secretKey,
    base: () => base,
    failNext,
    deliverAfterRedirect: options.deliverAfterRedirect ?? false,
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: options.port ?? 0 }, () =>
      resolve(started),
    );
  });
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  const control = async (path: string, body?: unknown) => {
    const answer = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
  };
  return {
    apiBase: base,
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
    events: () => events.list(),
    expire: (sessionId) => control(`/_test/expire/${sessionId}`),
    hold: () => events.hold(),
    release: (order) => events.release(order),
    resend: (eventId) => events.resend(eventId),
    failNext: (path) => {
      failNext.add(path);
    },
    tamper: (change) => {
      events.tamper = change;
    },
    async pay(sessionId, card = 'pm_card_visa') {
      const answer = await fetch(`${base}/c/pay/${sessionId}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ card }),
        redirect: 'manual',
      });
      return { status: answer.status, location: answer.headers.get('location') };
    },
  };
}
