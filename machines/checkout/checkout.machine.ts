import {
  and,
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  fromCallback,
  fromPromise,
  not,
  setup,
} from 'xstate';
import type { Cart, PlacedOrders, PlaceOrderBody } from '../../contract/cart';
import type { InvoiceTerms } from '../../contract/checkoutTerms';
import type { PaymentChoice } from '../../contract/paymentChoices';
import type { PlaceAnswer } from '../../contract/payments';
import { CartNotFound } from '../cart/cart.types';
import { COMMIT_TIMEOUT_MS, messageOf } from '../failures';
import {
  accountCartElsewhere,
  accountCartOf,
  asPlaced,
  billingAfresh,
  billingContinued,
  billingFromSaved,
  cartAfter,
  invalidFieldsOf,
  invoiceRefusalOf,
  isBillingComplete,
  isInvoiceBlocked,
  isInvoiceRefused,
  isOtherCustomer,
  isPaymentRedirect,
  NOT_SENT,
  noAnswerInTime,
  openingContext,
  orderOf,
  shownCart,
  splitRefusal,
  termsKeyOf,
  troubleOf,
} from './checkout.rules';
import {
  type BillingField,
  type CheckoutContext,
  type CheckoutEvent,
  type CheckoutInput,
  OrderRefused,
  type SavedBilling,
  type SessionView,
} from './checkout.types';

export type * from './checkout.types';
export { BILLING_FIELDS, OrderRefused } from './checkout.types';

/** The terms' fetch, a child re-spawned for each customer and cart total (followInvoiceTerms). */
const TERMS = 'invoiceTerms';
type TermsEvent = DoneActorEvent<InvoiceTerms, typeof TERMS> | ErrorActorEvent<unknown, typeof TERMS>;

const SUBMIT = {
  'checkout.submit': [
    // Nothing is sent before the terms are known: the order would go on terms the customer has not seen.
    { guard: 'isTermsPending' },
    // Only an invoice could be sent, and the terms refuse it: the page says why, nothing is sent.
    { guard: 'isInvoiceBlocked', actions: 'showInvoiceRefusal' },
    { guard: not('isBillingComplete'), actions: 'showInvalidFields' },
    { guard: 'hasItems', target: '#checkout.checkingOut.placing' },
  ],
} as const;

/**
 * Whenever no order is on its way, the session as it is now decides: the account's cart elsewhere is
 * checked out in place of this one, and no one signed in means signing in (nothing typed is lost).
 */
const SESSION_DECIDES = [
  { guard: 'isAccountCartElsewhere', target: '#checkout.moved' },
  { guard: not('isSignedIn'), target: '#checkout.checkingOut.reviewing' },
] as const;

/**
 * Checkout of one cart (/checkout/{cartId}): the items and total, an account (signed in here if need
 * be), the billing contact, and the order, placed once per checkout however often it is sent. A cart
 * that changed meanwhile is shown again before anything is ordered; nothing typed is ever lost.
 */
const checkoutSetup = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent | TermsEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    /** Sends `checkout.sessionChanged` now and whenever the session changes (supplied in src/system). */
    followSession: fromCallback(() => () => {}),
    /**
     * POST /checkout/{cartId}/place: the orders, or `{ url }` of Stripe's page for a card; rejects with
     * OrderRefused (an answer) or another error (no answer).
     */
    placeOrder: fromPromise<PlaceAnswer, { cartId: string; body: PlaceOrderBody }>(async () => {
      throw new Error('placeOrder is supplied in src/system');
    }),
    /**
     * GET /billing/contact and /billing/po: the company's saved billing contact (null for a member,
     * who may not see it) and its standing PO; it rejects when neither could be read.
     */
    loadSavedBilling: fromPromise<SavedBilling, { uuid: string }>(async () => ({
      contact: null,
      standingPo: null,
    })),
    /** GET /ui/payments: whether the server takes cards; none offered until it says so. */
    loadCardsOffered: fromPromise<boolean>(async () => false),
    /** GET /checkout/{cartId}/terms: whether the company may be invoiced for the cart (issue 32). */
    loadInvoiceTerms: fromPromise<InvoiceTerms, { cartId: string }>(async () => ({
      offered: true,
      label: 'Invoice, net 30',
      days: 30,
      refusal: null,
    })),
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
    /** Leaves for Stripe's hosted page, where the card checkout is paid. */
    goToPayment: (_, _params: { url: string }) => {},

    takeSession: assign(({ context }, { session }: { session: SessionView }) => ({
      session,
      cart: cartAfter(context, session),
    })),
    setField: assign(({ context }, { field, value }: { field: BillingField; value: string }) => ({
      billing: { ...context.billing, [field]: value },
      // A field being fixed stops shouting.
      fieldErrors: { ...context.fieldErrors, [field]: undefined },
    })),
    /** Name, e-mail and company from the account; what this customer typed stays (another's does not). */
    prefillBilling: assign(({ context }) => billingContinued(context)),
    startBillingAfresh: assign(({ context }) => billingAfresh(context)),
    /** The company's saved contact and standing PO, where nothing was typed (only the account's prefill is there). */
    prefillSavedBilling: assign(({ context }, { saved }: { saved: SavedBilling }) =>
      billingFromSaved(context, saved),
    ),
    showInvalidFields: assign(({ context }) => ({
      fieldErrors: invalidFieldsOf(context.billing),
      alert: null,
      errorsShown: context.errorsShown + 1,
    })),
    clearAlert: assign({ alert: null }),
    showRefusal: assign(({ context }, { error }: { error: unknown }) =>
      error instanceof OrderRefused ? { ...splitRefusal(error), errorsShown: context.errorsShown + 1 } : {},
    ),
    showCartChanged: assign((_, { error }: { error: unknown }) => ({
      alert: messageOf(error, NOT_SENT),
      fieldErrors: {},
    })),
    showTrouble: assign((_, { error }: { error: unknown }) => ({ alert: troubleOf(error) })),
    showNoAnswer: assign(({ context }) => ({ alert: noAnswerInTime(context.productName) })),
    takeCart: assign((_, { cart }: { cart: Cart }) => ({ cart })),
    dropCart: assign({ cart: null }),
    takePlaced: assign((_, { answer }: { answer: PlaceAnswer }) => ({ placed: asPlaced(answer) })),
    choosePayment: assign(({ context }, { payment }: { payment: PaymentChoice }) => ({
      payment: !context.cardsOffered ? 'invoice' : isInvoiceRefused(context) ? 'card' : payment,
    })),
    /** Not known: the invoice is offered, and the server, which enforces the terms, decides on placing. */
    forgetInvoiceTerms: assign({ invoiceTerms: null, termsPending: false }),
    showInvoiceRefusal: assign(({ context }) => ({
      alert: invoiceRefusalOf(context.invoiceTerms),
      errorsShown: context.errorsShown + 1,
    })),
    /** A refused invoice leaves the card, where the server takes cards. */
    takeInvoiceTerms: assign(({ context }, { terms }: { terms: InvoiceTerms }) => ({
      invoiceTerms: terms,
      termsPending: false,
      payment: !terms.offered && context.cardsOffered ? ('card' as const) : context.payment,
    })),
    takeCardsOffered: assign(({ context }, { offered }: { offered: boolean }) => ({
      cardsOffered: offered,
      payment: offered && isInvoiceRefused(context) ? ('card' as const) : context.payment,
    })),
  },
  guards: {
    hasItems: ({ context }) => (context.cart?.contents.items.length ?? 0) > 0,
    isSignedIn: ({ context }) => context.session.status === 'signedIn',
    isSignedOut: ({ context }) => context.session.status === 'signedOut',
    /** The sign-in guard has decided (it has not in the first second of a visit). */
    isSessionDecided: ({ context }) => context.session.status !== 'pending',
    /** Signed in, and the account's cart is not this page's (it took this one in, now or before the page opened). */
    isAccountCartElsewhere: ({ context }) => accountCartElsewhere(context) !== null,
    /** Someone other than the customer the billing contact was typed for. */
    isOtherCustomer: ({ context }, { session }: { session: SessionView }) =>
      isOtherCustomer(context, session),
    isBillingComplete: ({ context }) => isBillingComplete(context.billing),
    /** The company's terms are being asked for this customer and cart. */
    isTermsPending: ({ context }) => context.termsPending,
    /** Cards are off and the terms refuse the invoice: no way to pay the order is left. */
    isInvoiceBlocked: ({ context }) => isInvoiceBlocked(context),
    /** 409: the cart changed, its prices or dates did, or it was ordered meanwhile. */
    isCartChanged: (_, { error }: { error: unknown }) =>
      error instanceof OrderRefused && error.status === 409,
    /** Any other 4xx: something in the request to fix. */
    isRefused: (_, { error }: { error: unknown }) =>
      error instanceof OrderRefused && error.status >= 400 && error.status < 500,
    isCartGone: (_, { error }: { error: unknown }) => error instanceof CartNotFound,
    /** Placed by card: the answer is where to pay. */
    isPaymentRedirect: (_, { answer }: { answer: PlaceAnswer }) => isPaymentRedirect(answer),
  },
  /** The longest an order is waited for: no answer by then is a failure the customer can retry. */
  delays: { commitTimeout: COMMIT_TIMEOUT_MS },
});

/**
 * The terms are asked again whenever the customer or the cart's total changes (the credit limit's
 * refusal depends on it): another customer never sees the previous one's, and an answer for an older
 * cart never arrives (its fetch is stopped). Nobody signed in: no terms at all.
 */
const followInvoiceTerms = checkoutSetup.enqueueActions(({ context, enqueue }) => {
  const key = termsKeyOf(context);
  if (key === context.termsFor) return;
  enqueue.stopChild(TERMS);
  enqueue.assign({ invoiceTerms: null, termsFor: key, termsPending: key !== null });
  if (key !== null) enqueue.spawnChild('loadInvoiceTerms', { id: TERMS, input: { cartId: context.cartId } });
});

export const checkoutMachine = checkoutSetup.createMachine({
  id: 'checkout',
  context: ({ input }) => openingContext(input),
  initial: 'checkingOut',
  states: {
    checkingOut: {
      invoke: [
        { src: 'followSession' },
        {
          src: 'loadCardsOffered',
          onDone: {
            actions: { type: 'takeCardsOffered', params: ({ event }) => ({ offered: event.output }) },
          },
          // Not known: the checkout invoices, as it always could.
          onError: {},
        },
      ],
      on: {
        // Always kept; each state says what it means (SESSION_DECIDES), placing once its answer is in.
        'checkout.sessionChanged': [
          {
            guard: { type: 'isOtherCustomer', params: ({ event }) => ({ session: event.session }) },
            actions: [
              { type: 'takeSession', params: ({ event }) => ({ session: event.session }) },
              'startBillingAfresh',
              followInvoiceTerms,
            ],
          },
          {
            actions: [
              { type: 'takeSession', params: ({ event }) => ({ session: event.session }) },
              followInvoiceTerms,
            ],
          },
        ],
        // The terms for the customer and cart total asked last (an older fetch is stopped, never heard).
        'xstate.done.actor.invoiceTerms': {
          actions: { type: 'takeInvoiceTerms', params: ({ event }) => ({ terms: event.output }) },
        },
        'xstate.error.actor.invoiceTerms': { actions: 'forgetInvoiceTerms' },
        // Typing is kept in every state, the order on its way included (it was sent as it was).
        'checkout.fieldChanged': {
          actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'checkout.paymentChosen': {
          actions: { type: 'choosePayment', params: ({ event }) => ({ payment: event.payment }) },
        },
      },
      initial: 'opening',
      states: {
        // Until the sign-in guard decides: the checkout moves to the account's cart, or stays and tracks
        // begin_checkout, once (a cart it leaves at once is tracked by the account cart's checkout).
        opening: {
          tags: ['checkingSignIn'],
          always: [
            { guard: 'isAccountCartElsewhere', target: '#checkout.moved' },
            {
              guard: and(['isSessionDecided', 'hasItems']),
              target: 'reviewing',
              actions: {
                type: 'trackBeginCheckout',
                params: ({ context }) => ({ cart: shownCart(context) }),
              },
            },
            { guard: 'isSessionDecided', target: 'reviewing' },
          ],
        },
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
            ready: {
              entry: ['prefillBilling', followInvoiceTerms],
              always: SESSION_DECIDES,
              on: SUBMIT,
              invoke: [
                {
                  src: 'loadSavedBilling',
                  input: ({ context }) => ({ uuid: context.billingFor ?? '' }),
                  onDone: {
                    actions: {
                      type: 'prefillSavedBilling',
                      params: ({ event }) => ({ saved: event.output }),
                    },
                  },
                  // Not allowed to see it, or not reachable: the form starts from the account, as typed.
                  onError: {},
                },
              ],
            },
          },
        },
        /**
         * A commit: the API may order whatever happens here, so its answer is taken (the page closing
         * waits for it) until commitTimeout, then it failed: placing again sends the same key, so an
         * order made meanwhile is never made twice. A session change meanwhile decides after it.
         */
        placing: {
          tags: ['placing', 'committing'],
          entry: 'clearAlert',
          after: { commitTimeout: { target: 'failed', actions: 'showNoAnswer' } },
          invoke: {
            src: 'placeOrder',
            input: ({ context }) => ({ cartId: context.cartId, body: orderOf(context) }),
            onDone: [
              // A card checkout's orders wait for its payment: the cart is ordered, the page is Stripe's.
              {
                guard: { type: 'isPaymentRedirect', params: ({ event }) => ({ answer: event.output }) },
                target: '#checkout.redirecting',
                actions: [
                  'announcePlaced',
                  {
                    type: 'goToPayment',
                    params: ({ event }) => ({ url: isPaymentRedirect(event.output) ? event.output.url : '' }),
                  },
                ],
              },
              {
                target: '#checkout.placed',
                actions: [
                  { type: 'takePlaced', params: ({ event }) => ({ answer: event.output }) },
                  'announcePlaced',
                  {
                    type: 'toastSuccess',
                    params: ({ event }) => ({
                      message: `Order placed: ${asPlaced(event.output)
                        .orders.map((o) => o.number)
                        .join(', ')}.`,
                    }),
                  },
                  { type: 'trackPurchase', params: ({ event }) => ({ placed: asPlaced(event.output) }) },
                ],
              },
            ],
            onError: [
              {
                guard: { type: 'isCartChanged', params: ({ event }) => ({ error: event.error }) },
                target: 'cartChanged',
                actions: { type: 'showCartChanged', params: ({ event }) => ({ error: event.error }) },
              },
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) },
                target: 'refused',
                actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
              },
              // 5xx, or no answer at all: the order may or may not be made; sending it again is safe.
              {
                target: 'failed',
                actions: { type: 'showTrouble', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        /** 409: nothing was ordered; the cart is loaded again and shown, to be checked and ordered as it is now. */
        cartChanged: {
          entry: { type: 'refreshSharedCart', params: ({ context }) => ({ cartId: context.cartId }) },
          always: SESSION_DECIDES,
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
            // The cart as it is now: its total may change what the terms allow.
            shown: { entry: followInvoiceTerms, on: SUBMIT },
          },
        },
        /** 4xx: a message next to each field in question, and one for the whole order. */
        refused: { always: SESSION_DECIDES, on: SUBMIT },
        /** 5xx, no answer, or none in time: what to do, and everything typed is kept. */
        failed: { always: SESSION_DECIDES, on: SUBMIT },
      },
    },
    /** The account's cart is checked out in place of this one (the page goes there). */
    moved: {
      type: 'final',
      tags: ['moving'],
      entry: { type: 'openCart', params: ({ context }) => ({ cartId: accountCartOf(context) }) },
    },
    /** The confirmation, with the order numbers. */
    placed: { type: 'final' },
    /** On the way to Stripe's page to pay a card checkout (issue 30); it comes back to its confirmation. */
    redirecting: { type: 'final', tags: ['redirecting'] },
  },
});

export type CheckoutMachine = typeof checkoutMachine;
