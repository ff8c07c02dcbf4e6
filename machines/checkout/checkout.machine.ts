import { assign, fromCallback, fromPromise, not, setup } from 'xstate';
import { billingContact, type Cart, type PlacedOrders, type PlaceOrderBody } from '../../contract/cart';
import { CartNotFound } from '../cart/cart.types';
import {
  BILLING_FIELDS,
  type BillingField,
  type BillingFields,
  OrderRefused,
  type SessionView,
} from './checkout.types';

export {
  BILLING_FIELDS,
  type BillingField,
  type BillingFields,
  OrderRefused,
  type SessionView,
} from './checkout.types';

export type CheckoutEvent =
  /** The session changed: signed in or out, another cart for the account, its copy of the cart. */
  | { type: 'checkout.sessionChanged'; session: SessionView }
  | { type: 'checkout.fieldChanged'; field: BillingField; value: string }
  /** "Place order" (a click, Enter in a field): ignored while the order is on its way. */
  | { type: 'checkout.submit' };

export interface CheckoutInput {
  cartId: string;
  /** The cart as the page loaded it (null: gone, not this visitor's, or an address naming no cart). */
  cart: Cart | null;
  /** Made once per checkout: the order is made once however often it is sent (a double click, a retry). */
  idempotencyKey: string;
}

export interface CheckoutContext extends CheckoutInput {
  session: SessionView;
  billing: BillingFields;
  fieldErrors: Partial<Record<BillingField, string>>;
  /** A message about the whole order: why it was not placed and what to do. */
  alert: string | null;
  /** Counts the times errors were shown: each time, the form moves the focus to the first one. */
  errorsShown: number;
  placed: PlacedOrders | null;
}

const NOBODY_YET: SessionView = { status: 'pending', cartId: null, cart: null, customer: null };
const EMPTY_BILLING: BillingFields = {
  name: '',
  company: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  po_number: '',
};
const KEPT = 'What you typed is kept, and placing the order again never orders twice.';

const isBillingField = (key: string): key is BillingField => BILLING_FIELDS.some((field) => field === key);

/** The billing contact as the API takes it: an empty PO number is no PO number. */
const billingOf = ({ po_number, ...rest }: BillingFields) => ({ ...rest, po_number: po_number || undefined });

/** The order: the billing contact, this checkout's key, and exactly the items shown. */
const orderOf = (context: CheckoutContext): PlaceOrderBody => ({
  billing: billingOf(context.billing),
  idempotency_key: context.idempotencyKey,
  item_ids: context.cart?.contents.items.map((item) => item.id) ?? [],
});

/** The first message for each field the schema refuses. */
function invalidFieldsOf(billing: BillingFields): Partial<Record<BillingField, string>> {
  const checked = billingContact.safeParse(billingOf(billing));
  const errors: Partial<Record<BillingField, string>> = {};
  for (const issue of checked.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (isBillingField(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/** The API's messages split: those next to a billing field (`billing.phone`), and the rest, for the alert. */
function splitRefusal(refused: OrderRefused) {
  const fieldErrors: Partial<Record<BillingField, string>> = {};
  const elsewhere: string[] = [];
  for (const [key, message] of Object.entries(refused.fieldErrors)) {
    const field = key.replace(/^billing\./, '');
    if (isBillingField(field)) fieldErrors[field] ??= message;
    else elsewhere.push(message);
  }
  return { fieldErrors, alert: elsewhere.length > 0 ? elsewhere.join(' ') : refused.message };
}

/** The page's cart: set whenever the checkout runs (a checkout of no cart offers nothing to place). */
function shownCart(context: CheckoutContext): Cart {
  if (!context.cart) throw new Error('The checkout tracks the cart it shows.');
  return context.cart;
}

const SUBMIT = {
  'checkout.submit': [
    { guard: not('isBillingComplete'), actions: 'showInvalidFields' },
    { guard: 'hasItems', target: '#checkout.checkingOut.placing' },
  ],
} as const;

/**
 * Checkout of one cart (/checkout/{cartId}): the items and total, an account (signed in here if need
 * be), the billing contact, and the order, placed once per checkout however often it is sent. A cart
 * that changed meanwhile is shown again before anything is ordered; nothing typed is ever lost.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    /** Sends `checkout.sessionChanged` now and whenever the session changes. */
    followSession: fromCallback(() => {
      // Supplied in src/system.
    }),
    /** POST /checkout/{cartId}/place: the orders, or rejects with OrderRefused (an answer) or another error (no answer). */
    placeOrder: fromPromise<PlacedOrders, { cartId: string; body: PlaceOrderBody }>(async () => {
      throw new Error('placeOrder is supplied in src/system');
    }),
    /** GET /checkout/{cartId}; rejects with CartNotFound for a cart that is gone. */
    loadCart: fromPromise<Cart, { cartId: string }>(async () => {
      throw new Error('loadCart is supplied in src/system');
    }),
  },
  actions: {
    // Effects, supplied in src/system.
    /** Goes to another cart's checkout, in place of this one. */
    openCart: (_, _params: { cartId: string }) => {},
    /** The cart changed: the app's own copy (the mini-cart) is loaded again too, if it is this cart. */
    refreshSharedCart: (_, _params: { cartId: string }) => {},
    /** The cart was ordered: the app forgets it and what counts orders loads again. */
    announcePlaced: () => {},
    toastSuccess: (_, _params: { message: string }) => {},
    trackBeginCheckout: (_, _params: { cart: Cart }) => {},
    trackPurchase: (_, _params: { placed: PlacedOrders }) => {},
    logError: (_, _params: { message: string; error: unknown }) => {},

    takeSession: assign(({ context }, { session }: { session: SessionView }) => ({
      session,
      // The session's copy of this cart follows adds and removes; a copy it already had changes nothing.
      cart:
        session.cart?.uuid === context.cartId && session.cart !== context.session.cart
          ? session.cart
          : context.cart,
    })),
    setField: assign(({ context }, { field, value }: { field: BillingField; value: string }) => ({
      billing: { ...context.billing, [field]: value },
      // A field being fixed stops shouting.
      fieldErrors: { ...context.fieldErrors, [field]: undefined },
    })),
    /** Name, e-mail and company start from the account; what was typed already stays. */
    prefillBilling: assign(({ context }) => {
      const customer = context.session.customer;
      const { billing } = context;
      return {
        billing: {
          ...billing,
          name: billing.name || (customer?.fullname ?? ''),
          email: billing.email || (customer?.email ?? ''),
          company: billing.company || (customer?.company ?? ''),
        },
      };
    }),
    showInvalidFields: assign(({ context }) => ({
      fieldErrors: invalidFieldsOf(context.billing),
      alert: null,
      errorsShown: context.errorsShown + 1,
    })),
    clearAlert: assign({ alert: null }),
    showRefusal: assign(({ context }, { error }: { error: unknown }) =>
      error instanceof OrderRefused ? { ...splitRefusal(error), errorsShown: context.errorsShown + 1 } : {},
    ),
    showCartChanged: assign((_, { message }: { message: string }) => ({ alert: message, fieldErrors: {} })),
    showTrouble: assign((_, { message }: { message: string }) => ({ alert: `${message} ${KEPT}` })),
    takeCart: assign((_, { cart }: { cart: Cart }) => ({ cart })),
    dropCart: assign({ cart: null }),
    takePlaced: assign((_, { placed }: { placed: PlacedOrders }) => ({ placed })),
  },
  guards: {
    hasItems: ({ context }) => (context.cart?.contents.items.length ?? 0) > 0,
    isSignedIn: ({ context }) => context.session.status === 'signedIn',
    isSignedOut: ({ context }) => context.session.status === 'signedOut',
    /** Signed out meanwhile (here, in another tab, or the API said the token is no longer valid). */
    isNoLongerSignedIn: ({ context }, { session }: { session: SessionView }) =>
      context.session.status === 'signedIn' && session.status !== 'signedIn',
    /** Signing in handed this cart to the account, whose cart is another one (it took this one's items in). */
    isAccountCartElsewhere: ({ context }, { session }: { session: SessionView }) =>
      session.status === 'signedIn' &&
      session.cartId !== null &&
      session.cartId !== context.cartId &&
      session.cartId !== context.session.cartId,
    isBillingComplete: ({ context }) => billingContact.safeParse(billingOf(context.billing)).success,
    /** 409: the cart changed, its prices or dates did, or it was ordered meanwhile. */
    isCartChanged: (_, { error }: { error: unknown }) =>
      error instanceof OrderRefused && error.status === 409,
    /** Any other 4xx: something in the request to fix. */
    isRefused: (_, { error }: { error: unknown }) =>
      error instanceof OrderRefused && error.status >= 400 && error.status < 500,
    isCartGone: (_, { error }: { error: unknown }) => error instanceof CartNotFound,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    ...input,
    session: NOBODY_YET,
    billing: EMPTY_BILLING,
    fieldErrors: {},
    alert: null,
    errorsShown: 0,
    placed: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      always: [
        // begin_checkout once, when the page opens with items.
        {
          guard: 'hasItems',
          target: 'checkingOut',
          actions: { type: 'trackBeginCheckout', params: ({ context }) => ({ cart: shownCart(context) }) },
        },
        { target: 'checkingOut' },
      ],
    },
    checkingOut: {
      invoke: { src: 'followSession' },
      on: {
        'checkout.sessionChanged': [
          {
            guard: { type: 'isNoLongerSignedIn', params: ({ event }) => ({ session: event.session }) },
            target: '.reviewing',
            actions: { type: 'takeSession', params: ({ event }) => ({ session: event.session }) },
          },
          {
            guard: { type: 'isAccountCartElsewhere', params: ({ event }) => ({ session: event.session }) },
            actions: [
              { type: 'takeSession', params: ({ event }) => ({ session: event.session }) },
              { type: 'openCart', params: ({ event }) => ({ cartId: event.session.cartId ?? '' }) },
            ],
          },
          { actions: { type: 'takeSession', params: ({ event }) => ({ session: event.session }) } },
        ],
        // Typing is kept in every state, the order on its way included (it was sent as it was).
        'checkout.fieldChanged': {
          actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
      },
      initial: 'reviewing',
      states: {
        /** The cart is shown; the billing form waits for a signed-in customer. */
        reviewing: {
          initial: 'checkingSignIn',
          states: {
            checkingSignIn: {
              tags: ['checkingSignIn'],
              always: [
                { guard: 'isSignedIn', target: 'ready' },
                { guard: 'isSignedOut', target: 'needsAccount' },
              ],
            },
            /** Sign in or create an account here, without leaving the cart. */
            needsAccount: {
              tags: ['needsAccount'],
              always: { guard: 'isSignedIn', target: 'ready' },
            },
            ready: { entry: 'prefillBilling', on: SUBMIT },
          },
        },
        placing: {
          tags: ['placing'],
          entry: 'clearAlert',
          invoke: {
            src: 'placeOrder',
            input: ({ context }) => ({ cartId: context.cartId, body: orderOf(context) }),
            onDone: {
              target: '#checkout.placed',
              actions: [
                { type: 'takePlaced', params: ({ event }) => ({ placed: event.output }) },
                'announcePlaced',
                {
                  type: 'toastSuccess',
                  params: ({ event }) => ({
                    message: `Order placed: ${event.output.orders.map((o) => o.number).join(', ')}.`,
                  }),
                },
                { type: 'trackPurchase', params: ({ event }) => ({ placed: event.output }) },
              ],
            },
            onError: [
              {
                guard: { type: 'isCartChanged', params: ({ event }) => ({ error: event.error }) },
                target: 'cartChanged',
                actions: {
                  type: 'showCartChanged',
                  params: ({ event }) => ({ message: messageOf(event.error) }),
                },
              },
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) },
                target: 'refused',
                actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
              },
              // 5xx, or no answer at all: the order may or may not be made; sending it again is safe.
              {
                target: 'failed',
                actions: {
                  type: 'showTrouble',
                  params: ({ event }) => ({ message: messageOf(event.error) }),
                },
              },
            ],
          },
        },
        /** 409: nothing was ordered; the cart is loaded again and shown, to be checked and ordered as it is now. */
        cartChanged: {
          entry: { type: 'refreshSharedCart', params: ({ context }) => ({ cartId: context.cartId }) },
          initial: 'reloading',
          states: {
            reloading: {
              tags: ['reloading'],
              invoke: {
                src: 'loadCart',
                input: ({ context }) => ({ cartId: context.cartId }),
                onDone: {
                  target: 'shown',
                  actions: { type: 'takeCart', params: ({ event }) => ({ cart: event.output }) },
                },
                onError: [
                  // Ordered meanwhile (in another tab), or no longer this visitor's.
                  {
                    guard: { type: 'isCartGone', params: ({ event }) => ({ error: event.error }) },
                    target: 'shown',
                    actions: 'dropCart',
                  },
                  // The cart shown stays, with the API's message; placing again asks the API again.
                  {
                    target: 'shown',
                    actions: {
                      type: 'logError',
                      params: ({ event }) => ({ message: 'Error loading the cart', error: event.error }),
                    },
                  },
                ],
              },
            },
            shown: { on: SUBMIT },
          },
        },
        /** 4xx: a message next to each field in question, and one for the whole order. */
        refused: { on: SUBMIT },
        /** 5xx or no answer: what to do, and everything typed is kept. */
        failed: { on: SUBMIT },
      },
    },
    /** The confirmation, with the order numbers. */
    placed: { type: 'final' },
  },
});

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'The order could not be sent.';
}

export type CheckoutMachine = typeof checkoutMachine;
