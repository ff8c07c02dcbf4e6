import {
  type Actor,
  createActor,
  fromCallback,
  fromPromise,
  type InspectionEvent,
  SimulatedClock,
} from 'xstate';
import type { Cart, PlacedOrders, PlaceOrderBody } from '../../contract/cart';
import {
  BILLING_FIELDS,
  type BillingField,
  checkoutMachine,
  OrderRefused,
  type SavedBilling,
  type SessionView,
} from '../../machines/checkout/checkout.machine';
import { flush } from '../machines/sessionHarness';
import { cartView, DANA, deferred, TYPED_BILLING } from './cartWorld';
import type { checkout } from './checkoutModel';
import type { ModelParams } from './modelKit';

type Params = ModelParams<typeof checkout.model>;

const CART = '6f1d2c9e-5b7a-4c31-9a0e-2d4b8f7c1a11';
const KEY = 'k3y-0f-th1s-ch3ck0ut';

/** What the customer types after the account's prefill. */
export const TYPED: Partial<Record<BillingField, string>> = TYPED_BILLING;
export const ZIP_REFUSED = 'We do not deliver invoices to this zip code.';
export const REFUSAL = 'Please check the highlighted fields.';
export const TROUBLE = 'Adlane is having trouble right now. Please try again shortly.';
export const KEPT = 'What you typed is kept, and placing the order again never orders twice.';
export const CHANGED = 'Your cart changed since this page was opened';

type Answer = { placed: true } | { error: unknown };

/**
 * Adapter (a) of the checkout model: the real checkout machine with a fake session (a visitor, then
 * Dana signed in), a fake API that holds each order until a stimulus answers it (and keeps the cart,
 * which can change elsewhere), recorders for toasts and the cart's announcement, and a simulated clock.
 */
export class CheckoutWorld {
  private readonly clock = new SimulatedClock();
  private actor: Actor<typeof checkoutMachine> | null = null;
  private tellSession: (session: SessionView) => void = () => {
    throw new Error('The checkout is not following the session.');
  };
  /** The cart on the server: a change elsewhere adds to it. */
  private serverCart: Cart = cartView(CART, [{ id: 1, title: 'Chicago Magazine' }]);
  readonly sent: PlaceOrderBody[] = [];
  readonly announced: string[] = [];
  private held: ReturnType<typeof deferred<Answer>> | null = null;
  /** The alert the last failure must show. */
  private failure = '';

  constructor(private readonly inspect?: (event: InspectionEvent) => void) {}

  private readonly machine = checkoutMachine.provide({
    actors: {
      followSession: fromCallback(({ sendBack }) => {
        this.tellSession = (session) => sendBack({ type: 'checkout.sessionChanged', session });
        return () => {};
      }),
      placeOrder: fromPromise(async ({ input }) => {
        this.sent.push(input.body);
        this.held = deferred<Answer>();
        const answer = await this.held.promise;
        if ('error' in answer) throw answer.error;
        return this.placed();
      }),
      loadCart: fromPromise(async () => this.serverCart),
      loadSavedBilling: fromPromise(async (): Promise<SavedBilling> => ({ contact: null, standingPo: null })),
    },
    actions: {
      openCart: (_, { cartId }) => this.announced.push(`open ${cartId}`),
      refreshSharedCart: (_, { cartId }) => this.announced.push(`refresh ${cartId}`),
      announcePlaced: () => this.announced.push('cart.placed'),
      toastSuccess: (_, { message }) => this.announced.push(`toast ${message}`),
      trackBeginCheckout: () => {},
      trackPurchase: () => {},
      logError: (_, { message }) => this.announced.push(`log ${message}`),
    },
  });

  private placed(): PlacedOrders {
    return {
      cart: { ...this.serverCart, status: 'placed' },
      orders: this.serverCart.contents.items.map((item, i) => ({
        id: i + 1,
        number: `AD-27-00000${i + 1}`,
        status: 'upcoming',
        item,
        billing: { name: DANA.fullname, email: DANA.email, company: DANA.company, ...TYPED_BILLING },
        placed_at: '2027-01-11T09:00:00Z',
      })),
    };
  }

  /** A visitor opens the checkout of their cart of one item. */
  async open() {
    this.actor = createActor(this.machine, {
      clock: this.clock,
      inspect: this.inspect,
      input: { cartId: CART, cart: this.serverCart, idempotencyKey: KEY, productName: 'Adlane' },
    });
    this.actor.start();
    this.tellSession({ status: 'signedOut', cartId: CART, cart: null, customer: null });
    await this.settle();
  }

  private async settle() {
    for (let i = 0; i < 4; i++) await flush();
  }

  private snapshot() {
    if (!this.actor) throw new Error('The checkout is not open.');
    return this.actor.getSnapshot();
  }

  private fill(fields: Partial<Record<BillingField, string>>) {
    for (const field of BILLING_FIELDS) {
      const value = fields[field];
      if (value !== undefined) this.actor?.send({ type: 'checkout.fieldChanged', field, value });
    }
  }

  private async place() {
    this.actor?.send({ type: 'checkout.submit' });
    await this.settle();
  }

  private async answer(answer: Answer, failure = '') {
    if (!this.held) throw new Error('No order is on its way');
    this.failure = failure;
    this.held.resolve(answer);
    this.held = null;
    await this.settle();
  }

  private expectIn(state: object | string) {
    const snapshot = this.snapshot();
    if (!snapshot.matches(state as never)) {
      throw new Error(`Expected ${JSON.stringify(state)}, the checkout is ${JSON.stringify(snapshot.value)}`);
    }
  }

  /** Everything Dana typed is still there, on top of what her account gave. */
  private expectTypedKept() {
    const { billing } = this.snapshot().context;
    for (const [field, value] of Object.entries(TYPED)) {
      if (billing[field as BillingField] !== value) {
        throw new Error(`The ${field} typed (${value}) is now "${billing[field as BillingField]}"`);
      }
    }
  }

  private expectAlert(start: string) {
    const { alert } = this.snapshot().context;
    if (!alert?.startsWith(start)) throw new Error(`Expected the alert "${start}…", it is "${alert}"`);
  }

  params(): Params {
    return {
      states: {
        signIn: () => {
          this.expectIn({ checkingOut: { reviewing: 'needsAccount' } });
          if (!this.snapshot().hasTag('needsAccount')) throw new Error('The page does not offer to sign in');
          if (this.snapshot().context.cart?.contents.items.length !== 1)
            throw new Error('The cart is not shown');
        },
        billing: () => {
          this.expectIn({ checkingOut: { reviewing: 'ready' } });
          const { billing, alert, fieldErrors } = this.snapshot().context;
          if (
            billing.name !== DANA.fullname ||
            billing.email !== DANA.email ||
            billing.company !== DANA.company
          ) {
            throw new Error(`The form did not start from the account: ${JSON.stringify(billing)}`);
          }
          if (alert !== null || Object.keys(fieldErrors).length > 0) throw new Error('The form shows errors');
        },
        invalid: () => {
          this.expectIn({ checkingOut: { reviewing: 'ready' } });
          const { fieldErrors, errorsShown } = this.snapshot().context;
          if (
            fieldErrors.address !== 'Enter the street address.' ||
            fieldErrors.name !== undefined ||
            errorsShown < 1
          ) {
            throw new Error(
              `Expected the missing fields in error, the form shows ${JSON.stringify(fieldErrors)}`,
            );
          }
          if (this.sent.length > 0) throw new Error('An incomplete order was sent');
        },
        placing: () => {
          this.expectIn({ checkingOut: 'placing' });
          if (!this.snapshot().hasTag('committing') || !this.held) throw new Error('No order is on its way');
          const keys = new Set(this.sent.map((body) => body.idempotency_key));
          if (keys.size !== 1 || !keys.has(KEY))
            throw new Error(`The orders sent used the keys ${[...keys]}`);
          const last = this.sent.at(-1);
          if (!last || last.billing.zip !== TYPED.zip || last.billing.name !== DANA.fullname) {
            throw new Error(`The order was not sent as typed: ${JSON.stringify(last?.billing)}`);
          }
          // Exactly the items shown are ordered.
          const shown = this.snapshot().context.cart?.contents.items.map((i) => i.id);
          if (JSON.stringify(last.item_ids) !== JSON.stringify(shown))
            throw new Error('Not the items shown were sent');
          // A second press while it is on its way sends nothing.
          const before = this.sent.length;
          this.actor?.send({ type: 'checkout.submit' });
          if (this.sent.length !== before) throw new Error('A second press sent the order again');
        },
        refused: () => {
          this.expectIn({ checkingOut: 'refused' });
          if (this.snapshot().context.fieldErrors.zip !== ZIP_REFUSED)
            throw new Error('The zip code is not in error');
          this.expectAlert(REFUSAL);
          this.expectTypedKept();
        },
        failed: () => {
          this.expectIn({ checkingOut: 'failed' });
          if (this.snapshot().hasTag('committing')) throw new Error('Still committing');
          this.expectAlert(this.failure);
          this.expectTypedKept();
          if (this.announced.includes('cart.placed'))
            throw new Error('A failed order was announced as placed');
        },
        cartChanged: () => {
          this.expectIn({ checkingOut: { cartChanged: 'shown' } });
          this.expectAlert(CHANGED);
          const shown = this.snapshot().context.cart?.contents.items.length;
          if (shown !== 2) throw new Error(`Expected the cart as it is now (2 items), it shows ${shown}`);
          if (!this.announced.includes(`refresh ${CART}`)) throw new Error('The mini-cart was not told');
          this.expectTypedKept();
        },
        placed: () => {
          this.expectIn('placed');
          const numbers = this.snapshot().context.placed?.orders.map((o) => o.number);
          if (numbers?.length !== this.serverCart.contents.items.length)
            throw new Error('Not an order per item');
          if (this.announced.filter((a) => a === 'cart.placed').length !== 1)
            throw new Error('The cart was not told once');
          if (this.announced.at(-1) !== `toast Order placed: ${numbers.join(', ')}.`)
            throw new Error('No confirmation');
        },
      },
      events: {
        'user.signsIn': async () => {
          this.tellSession({ status: 'signedIn', cartId: CART, cart: null, customer: DANA });
          await this.settle();
        },
        'user.placesIncomplete': () => this.place(),
        'user.completesAndPlaces': async () => {
          this.fill(TYPED);
          await this.place();
        },
        'api.answers': () => this.answer({ placed: true }),
        'api.refuses': () =>
          this.answer({ error: new OrderRefused(422, REFUSAL, { 'billing.zip': ZIP_REFUSED }) }, REFUSAL),
        'api.fails': () => this.answer({ error: new OrderRefused(503, TROUBLE) }, `${TROUBLE} ${KEPT}`),
        'clock.passes30s': async () => {
          this.failure = `Adlane did not answer in time. ${KEPT}`;
          this.clock.increment(30_000);
          await this.settle();
          // The late answer (the order made after all) is not this attempt's any more.
          await this.answer({ placed: true }, this.failure);
        },
        'elsewhere.changesCart': () => {
          this.serverCart = cartView(CART, [
            { id: 2, title: 'Chicago Reader' },
            ...this.serverCart.contents.items.map((i) => ({ id: i.id, title: i.summary.summary_title })),
          ]);
          return this.answer({
            error: new OrderRefused(409, `${CHANGED} (an item was added or removed elsewhere).`),
          });
        },
        'user.fixesAndPlaces': async () => {
          // Typed again: the field in error stops shouting as soon as it changes.
          this.fill({ zip: '' });
          if (this.snapshot().context.fieldErrors.zip !== undefined)
            throw new Error('The zip code still shouts');
          this.fill({ zip: TYPED.zip });
          await this.place();
        },
        'user.placesAgain': () => this.place(),
      },
    };
  }
}
