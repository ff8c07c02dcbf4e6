import { enqueueActions, fromCallback, fromPromise, sendTo } from 'xstate';
import type { BillingContact, Cart, PlaceOrderBody } from '../../contract/cart';
import type { InvoiceTerms } from '../../contract/checkoutTerms';
import type { PlaceAnswer } from '../../contract/payments';
import type { Role } from '../../contract/roles';
import { can } from '../../contract/roles';
import {
  type CheckoutInput,
  checkoutMachine,
  OrderRefused,
  type SavedBilling,
  type SessionView,
} from '../../machines/checkout/checkout.machine';
import { isSameSessionView } from '../../machines/checkout/checkout.rules';
import { type SessionSnapshot, selectIsPending, selectIsSignedIn } from '../../machines/session/selectors';
import type { ToastsEvent } from '../../machines/toasts/toasts.machine';
import { loadBillingContact, loadStandingPo } from '../api/billing';
import { placeOrder } from '../api/cart';
import { fetchCardsOffered, fetchInvoiceTerms } from '../api/payments';
import type { Result } from '../api/result';
import { config } from '../config';
import { toAnalyticsItem } from '../lib/analyticsItems';
import type { AppSystem } from './app';
import { dataOf, orApiSentence, orSentence } from './results';

/** What the checkout needs of its page: another cart's checkout in place of this one, Stripe's page. */
export interface CheckoutPageEffects {
  openCart(cartId: string): void;
  /** Leaves the app for Stripe's hosted page (a card checkout). */
  goToPayment(url: string): void;
}

/** The API calls the checkout makes itself (the cart's own load is the app's service). */
export interface CheckoutApi {
  /** POST /checkout/{cartId}/place */
  placeOrder(cartId: string, body: PlaceOrderBody): Promise<Result<PlaceAnswer>>;
  /** GET /ui/payments: whether the server takes cards. */
  fetchCardsOffered(): Promise<boolean>;
  /** GET /billing/contact: the company's saved contact; rejects for a member. */
  fetchBillingContact(): Promise<BillingContact | null>;
  /** GET /billing/po: the company's standing PO number, or null. */
  fetchStandingPo(): Promise<string | null>;
  /** GET /checkout/{cartId}/terms: whether the company may be invoiced for the cart (issue 32). */
  fetchInvoiceTerms(cartId: string): Promise<InvoiceTerms>;
}

export const checkoutApi: CheckoutApi = {
  placeOrder,
  // A member is refused the contact (no billing): the checkout then starts without it.
  fetchBillingContact: orApiSentence(loadBillingContact, 'The billing contact could not be loaded.'),
  fetchStandingPo: async () =>
    dataOf(await loadStandingPo(), 'The standing PO could not be loaded.').standing_po?.po_number ?? null,
  fetchCardsOffered,
  fetchInvoiceTerms: orSentence(fetchInvoiceTerms, 'The payment terms could not be loaded.'),
};

/**
 * What the billing form starts from: the saved contact, asked only by those whose role may read it
 * (a member would be refused), and the standing PO, which everyone of the company checks out with.
 * Either may fail alone; the form then starts without it. Both failing is a failure.
 */
async function savedBillingOf(api: CheckoutApi, role: Role | undefined): Promise<SavedBilling> {
  const [contact, standingPo] = await Promise.allSettled([
    can(role, 'billing') ? api.fetchBillingContact() : Promise.resolve(null),
    api.fetchStandingPo(),
  ]);
  if (contact.status === 'rejected' && standingPo.status === 'rejected') throw contact.reason;
  return {
    contact: contact.status === 'fulfilled' ? contact.value : null,
    standingPo: standingPo.status === 'fulfilled' ? standingPo.value : null,
  };
}

function sessionView(snapshot: SessionSnapshot): SessionView {
  const { userData, cartId, cart } = snapshot.context;
  return {
    status: selectIsSignedIn(snapshot) ? 'signedIn' : selectIsPending(snapshot) ? 'pending' : 'signedOut',
    cartId,
    cart,
    // Signed in means the user data has a uuid: the person the billing contact is for.
    customer: userData?.uuid
      ? { uuid: userData.uuid, fullname: userData.fullname, email: userData.email, company: userData.company }
      : null,
  };
}

/** A key for this checkout (the API takes 16 to 64 letters, digits, _ and -). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** The checkout of one cart as its page opens: the cart it loaded, and a new key for the order. */
export const checkoutInput = (cartId: string, cart: Cart | null): CheckoutInput => ({
  cartId,
  cart,
  idempotencyKey: newIdempotencyKey(),
  productName: config.productName,
});

/**
 * The checkout machine with its effects: it follows the session (sign-in, the account's cart, the
 * session's copy of the cart), places the order, tells the cart, toasts, and analytics.
 */
export function checkoutLogic(app: AppSystem, page: CheckoutPageEffects, api: CheckoutApi = checkoutApi) {
  const { session, cart, toasts, env, services } = app;
  return checkoutMachine.provide({
    actors: {
      followSession: fromCallback(({ sendBack }) => {
        let last = sessionView(session.getSnapshot());
        sendBack({ type: 'checkout.sessionChanged', session: last });
        const subscription = session.subscribe((snapshot) => {
          const next = sessionView(snapshot);
          if (isSameSessionView(next, last)) return;
          last = next;
          sendBack({ type: 'checkout.sessionChanged', session: next });
        });
        return () => subscription.unsubscribe();
      }),
      placeOrder: fromPromise(async ({ input }) => {
        const result = await api.placeOrder(input.cartId, input.body);
        if (result.ok) return result.data;
        throw new OrderRefused(result.status, result.message, result.fieldErrors);
      }),
      loadCart: fromPromise(({ input }) => services.loadCart(input.cartId)),
      loadSavedBilling: fromPromise(() => savedBillingOf(api, session.getSnapshot().context.userData?.role)),
      loadCardsOffered: fromPromise(() => api.fetchCardsOffered()),
      loadInvoiceTerms: fromPromise(({ input }) => api.fetchInvoiceTerms(input.cartId)),
    },
    actions: {
      openCart: (_, { cartId }) => page.openCart(cartId),
      goToPayment: (_, { url }) => page.goToPayment(url),
      // Other actors are told with sendTo, which delivers after the checkout's own step.
      refreshSharedCart: enqueueActions(({ enqueue }, { cartId }: { cartId: string }) => {
        if (session.getSnapshot().context.cartId === cartId) enqueue.sendTo(cart, { type: 'cart.refresh' });
      }),
      announcePlaced: sendTo(cart, { type: 'cart.placed' }),
      toastSuccess: sendTo(
        toasts,
        (_, { message }: { message: string }): ToastsEvent => ({
          type: 'toast.show',
          variant: 'success',
          message,
        }),
      ),
      trackBeginCheckout: (_, { cart: shown }) =>
        env.pushAnalytics('begin_checkout', {
          ecommerce: {
            currency: 'USD',
            value: shown.total,
            items: shown.contents.items.map(toAnalyticsItem),
          },
        }),
      trackPurchase: (_, { placed }) =>
        env.pushAnalytics('purchase', {
          ecommerce: {
            currency: 'USD',
            transaction_id: placed.orders.map((o) => o.number).join(','),
            value: placed.cart.total,
            items: placed.orders.map((o) => toAnalyticsItem(o.item)),
          },
        }),
      logError: (_, { message, error }) => env.log.error(`${message}:`, error),
    },
  });
}
