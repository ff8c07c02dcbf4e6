import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ActorRefFrom, createActor, type SnapshotFrom } from 'xstate';
import type { Cart, PlacedOrders } from '../../../contract/cart';
import type { InvoiceTerms } from '../../../contract/checkoutTerms';
import type { PaymentChoice } from '../../../contract/paymentChoices';
import type {
  BillingField,
  BillingFields,
  CheckoutMachine,
} from '../../../machines/checkout/checkout.machine';
import { useLoadedApp } from '../../system/AppContext';
import { checkoutInput, checkoutLogic } from '../../system/checkout';
import { useFlowActor } from '../../system/hooks/useFlowActor';

export type CheckoutActor = ActorRefFrom<CheckoutMachine>;
type CheckoutSnapshot = SnapshotFrom<CheckoutMachine>;

/** What the column beside the cart shows. */
export type CheckoutStep = 'checkingSignIn' | 'needsAccount' | 'moving' | 'billing';

/**
 * This page's checkout, created when the page opens (the route keys the page by cart id, so another
 * cart is another checkout, with its own idempotency key). An order on its way when the page closes
 * keeps its actor until the answer (useFlowActor); by then the page is gone, and nothing moves the
 * visitor from where they went.
 */
export function useCheckoutActor(cartId: string, loaded: Cart | null): CheckoutActor {
  const app = useLoadedApp();
  const navigate = useNavigate();
  return useFlowActor((isShown) =>
    createActor(
      checkoutLogic(app, {
        openCart: (id) => {
          if (isShown()) void navigate({ to: '/checkout/$cartId', params: { cartId: id }, replace: true });
        },
        // Stripe's page is another site: the browser leaves the app (and comes back to the confirmation).
        goToPayment: (url) => window.location.assign(url),
      }),
      { ...app.actorOptions, input: checkoutInput(cartId, loaded) },
    ),
  );
}

const selectCart = (s: CheckoutSnapshot) => s.context.cart;
const selectPlaced = (s: CheckoutSnapshot) => s.context.placed;
const selectStep = (s: CheckoutSnapshot): CheckoutStep =>
  s.hasTag('checkingSignIn')
    ? 'checkingSignIn'
    : s.hasTag('needsAccount')
      ? 'needsAccount'
      : s.hasTag('moving')
        ? 'moving'
        : 'billing';
const selectBilling = (s: CheckoutSnapshot) => s.context.billing;
const selectFieldErrors = (s: CheckoutSnapshot) => s.context.fieldErrors;
const selectAlert = (s: CheckoutSnapshot) => s.context.alert;
const selectStandingPo = (s: CheckoutSnapshot) => s.context.standingPo;
const selectErrorsShown = (s: CheckoutSnapshot) => s.context.errorsShown;
const selectPlacing = (s: CheckoutSnapshot) => s.hasTag('placing');
const selectReloading = (s: CheckoutSnapshot) => s.hasTag('reloading');
const selectRedirecting = (s: CheckoutSnapshot) => s.hasTag('redirecting');
const selectPayment = (s: CheckoutSnapshot) => s.context.payment;
const selectCardsOffered = (s: CheckoutSnapshot) => s.context.cardsOffered;
const selectInvoiceTerms = (s: CheckoutSnapshot) => s.context.invoiceTerms;
const selectTermsPending = (s: CheckoutSnapshot) => s.context.termsPending;

/** The cart shown: as loaded, then the session's copy as it changes, or as loaded again after a refusal. */
export const useCheckoutCart = (actor: CheckoutActor): Cart | null => useSelector(actor, selectCart);
export const usePlacedOrders = (actor: CheckoutActor): PlacedOrders | null =>
  useSelector(actor, selectPlaced);
export const useCheckoutStep = (actor: CheckoutActor): CheckoutStep => useSelector(actor, selectStep);
export const useBillingFields = (actor: CheckoutActor): BillingFields => useSelector(actor, selectBilling);
export const useBillingErrors = (actor: CheckoutActor): Partial<Record<BillingField, string>> =>
  useSelector(actor, selectFieldErrors);
/** The company's standing PO, which the PO number field started from; null without one. */
export const useStandingPo = (actor: CheckoutActor): string | null => useSelector(actor, selectStandingPo);
/** Why the order was not placed, and what to do. */
export const useCheckoutAlert = (actor: CheckoutActor): string | null => useSelector(actor, selectAlert);
/** Changes each time errors are shown, so the form moves the focus to the first. */
export const useErrorsShown = (actor: CheckoutActor): number => useSelector(actor, selectErrorsShown);
export const usePlacing = (actor: CheckoutActor): boolean => useSelector(actor, selectPlacing);
/** The cart is being loaded again after it changed: placing waits for it. */
export const useCartReloading = (actor: CheckoutActor): boolean => useSelector(actor, selectReloading);
/** On the way to Stripe's page: the form stays as it was sent, its button busy. */
export const useRedirecting = (actor: CheckoutActor): boolean => useSelector(actor, selectRedirecting);
/** How the order is to be paid, and whether a card is offered at all. */
export const usePaymentChoice = (actor: CheckoutActor): PaymentChoice => useSelector(actor, selectPayment);
export const useCardsOffered = (actor: CheckoutActor): boolean => useSelector(actor, selectCardsOffered);
/** Issue 32: the company's invoice terms for this cart, or why it may not be invoiced; null until known. */
export const useInvoiceTerms = (actor: CheckoutActor): InvoiceTerms | null =>
  useSelector(actor, selectInvoiceTerms);
/** The company's terms are being asked: the invoice is not shown as chosen, and placing waits. */
export const useTermsPending = (actor: CheckoutActor): boolean => useSelector(actor, selectTermsPending);
