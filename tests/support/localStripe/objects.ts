import { randomBytes } from 'node:crypto';

/**
 * The objects the stand-in keeps, in the shape Stripe answers them (the fields our server reads and
 * a few more so the SDK's types hold). Ids carry Stripe's prefixes; `created` comes from the clock.
 */
export type StripeObject = { id: string; object: string; [field: string]: unknown };

/** The test cards: one that always pays, one that saves but declines every later charge (Stripe's …0341). */
export const TEST_CARDS = {
  pm_card_visa: { brand: 'visa', last4: '4242', exp_month: 12, declines: false },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0341', exp_month: 12, declines: true },
} as const;
export type TestCard = keyof typeof TEST_CARDS;

const PREFIXES = {
  customer: 'cus_',
  'checkout.session': 'cs_test_',
  payment_intent: 'pi_',
  setup_intent: 'seti_',
  payment_method: 'pm_',
  refund: 're_',
  charge: 'ch_',
  event: 'evt_',
} as const;
export type Kind = keyof typeof PREFIXES;

export class ObjectStore {
  private readonly objects = new Map<string, StripeObject>();

  constructor(private readonly clock: () => Date) {}

  seconds(): number {
    return Math.floor(this.clock().getTime() / 1000);
  }

  create(kind: Kind, fields: Record<string, unknown>): StripeObject {
    const id = `${PREFIXES[kind]}${randomBytes(12).toString('hex')}`;
    const object: StripeObject = { id, object: kind, livemode: false, created: this.seconds(), ...fields };
    this.objects.set(id, object);
    return object;
  }

  get(id: string, kind: Kind): StripeObject | null {
    const object = this.objects.get(id);
    return object && object.object === kind ? object : null;
  }

  update(object: StripeObject, fields: Record<string, unknown>): StripeObject {
    Object.assign(object, fields);
    return object;
  }

  /** A card the customer picked on the hosted page, as a payment method of the customer's. */
  paymentMethod(card: TestCard, customer: string | null): StripeObject {
    const { declines: _, ...details } = TEST_CARDS[card];
    return this.create('payment_method', {
      type: 'card',
      customer,
      // Valid for years to come, whatever the test clock says.
      card: { ...details, exp_year: this.clock().getUTCFullYear() + 5, funding: 'credit', country: 'US' },
      metadata: { test_card: card },
    });
  }

  declines(paymentMethod: StripeObject): boolean {
    const card = (paymentMethod.metadata as Record<string, string> | undefined)?.test_card;
    return card === 'pm_card_chargeDeclined';
  }

  /**
   * `expand[]` as Stripe reads it: each path (`payment_intent`, `setup_intent.payment_method`)
   * replaces an id by its object, in a copy, so the stored object keeps its ids.
   */
  expanded(object: StripeObject, paths: string[] = []): StripeObject {
    const copy: StripeObject = { ...object };
    for (const path of paths) {
      const [head = '', ...rest] = path.split('.');
      const value = copy[head];
      // `payment_intent` and `payment_intent.payment_method` together: the second expands inside the first.
      const inner =
        typeof value === 'string' ? this.objects.get(value) : isStripeObject(value) ? value : undefined;
      if (inner) copy[head] = this.expanded(inner, rest.length > 0 ? [rest.join('.')] : []);
    }
    return copy;
  }
}

const isStripeObject = (value: unknown): value is StripeObject =>
  typeof value === 'object' && value !== null && 'id' in value && 'object' in value;
