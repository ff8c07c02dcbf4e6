import Stripe from 'stripe';
import type { ObjectStore, StripeObject } from './objects';

/** Where signed events go: a URL (a server in its own process) or a function (an app in this one). */
export type Deliver = string | ((body: string, signature: string) => Promise<{ status: number }>);

export interface SentEvent {
  id: string;
  type: string;
  /** The answer's status, or null while held or when the target could not be reached. */
  status: number | null;
}

/** What a test can do to a body before it is signed (an amount Stripe never reported, say). */
export type Tamper = (event: StripeObject) => StripeObject;

/**
 * Builds, signs and sends events as Stripe does: the body signed with the endpoint's secret at the
 * stand-in's clock (`t=…,v1=…`, by the SDK's own helper), sent before the call that caused it
 * answers so a test needs no waiting. `hold` queues them instead, for tests of events out of order.
 */
export class EventSender {
  private readonly signer = new Stripe('sk_test_signer', { telemetry: false });
  private readonly sent: SentEvent[] = [];
  private readonly bodies = new Map<string, string>();
  private held: string[] | null = null;
  tamper: Tamper | null = null;

  constructor(
    private readonly store: ObjectStore,
    private readonly secret: string,
    private readonly deliver: Deliver | null,
  ) {}

  async emit(type: string, object: StripeObject): Promise<string> {
    const built = this.store.create('event', {
      api_version: Stripe.API_VERSION,
      type,
      data: { object: { ...object } },
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    const event = this.tamper ? this.tamper(built) : built;
    const body = JSON.stringify(event, null, 2);
    this.bodies.set(built.id, body);
    const record: SentEvent = { id: built.id, type, status: null };
    this.sent.push(record);
    if (this.held) this.held.push(built.id);
    else await this.send(record);
    return built.id;
  }

  /** The same event again, as Stripe redelivers one (same id, signed anew). */
  async resend(id: string): Promise<number | null> {
    const record = this.sent.find((event) => event.id === id);
    if (!record) throw new Error(`No event ${id}.`);
    await this.send(record);
    return record.status;
  }

  hold() {
    this.held ??= [];
  }

  /** Sends the held events, in the order given (ids) or as they were made, and stops holding. */
  async release(order?: string[]) {
    const queue = order ?? this.held ?? [];
    this.held = null;
    for (const id of queue) await this.resend(id);
  }

  list(): SentEvent[] {
    return this.sent.map((event) => ({ ...event }));
  }

  private async send(record: SentEvent) {
    const body = this.bodies.get(record.id) ?? '';
    const signature = this.signer.webhooks.generateTestHeaderString({
      payload: body,
      secret: this.secret,
      timestamp: this.store.seconds(),
    });
    if (this.deliver === null) return;
    try {
      if (typeof this.deliver === 'function') record.status = (await this.deliver(body, signature)).status;
      else {
        const answer = await fetch(this.deliver, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body,
        });
        record.status = answer.status;
      }
    } catch {
      record.status = null;
    }
  }
}
