import {
  type BillingContact,
  billingContact,
  type Cart,
  type PlacedOrders,
  type PlaceOrderBody,
} from '../../contract/cart';
import type { InvoiceTerms } from '../../contract/checkoutTerms';
import type { PaymentRedirect, PlaceAnswer } from '../../contract/payments';
import { messageOf, notAnsweredInTime } from '../failures';
import {
  BILLING_FIELDS,
  type BillingField,
  type BillingFields,
  type CheckoutContext,
  type CheckoutCustomer,
  type CheckoutInput,
  type OrderRefused,
  type SavedBilling,
  type SessionView,
} from './checkout.types';

/** The checkout's rules as plain functions of its context: the machine's guards and actions call them. */

export const NOBODY_YET: SessionView = { status: 'pending', cartId: null, cart: null, customer: null };

export const EMPTY_BILLING: BillingFields = {
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

/** The checkout as its page opens: the cart loaded, nobody known yet, nothing typed. */
export const openingContext = (input: CheckoutInput): CheckoutContext => ({
  ...input,
  session: NOBODY_YET,
  billing: EMPTY_BILLING,
  billingFor: null,
  standingPo: null,
  fieldErrors: {},
  alert: null,
  errorsShown: 0,
  placed: null,
  payment: 'invoice',
  cardsOffered: false,
  invoiceTerms: null,
  termsFor: null,
  termsPending: false,
});

/** The company's terms refuse it an invoice for this cart (issue 32): only a card is offered. */
export const isInvoiceRefused = (context: Pick<CheckoutContext, 'invoiceTerms'>): boolean =>
  context.invoiceTerms !== null && !context.invoiceTerms.offered;

/** Said when the terms refuse the invoice without saying why (the server always should). */
export const DEFAULT_INVOICE_REFUSAL = 'Your company can’t order on invoice. Pay by card, or contact us.';

/** Why the terms refuse the invoice, as the page says it; null while the invoice is offered (or not known). */
export const invoiceRefusalOf = (terms: InvoiceTerms | null): string | null =>
  terms && !terms.offered ? (terms.refusal ?? DEFAULT_INVOICE_REFUSAL) : null;

/**
 * The order can only go as an invoice the terms refuse (the server takes no cards): nothing is sent,
 * the page says why instead of the server refusing it.
 */
export const isInvoiceBlocked = (context: Pick<CheckoutContext, 'invoiceTerms' | 'cardsOffered'>): boolean =>
  isInvoiceRefused(context) && !context.cardsOffered;

/**
 * Whom and what the terms are asked for: the customer signed in and the cart's total (the credit
 * limit's refusal depends on it); null when nobody is signed in or no cart is shown.
 */
export function termsKeyOf({ session, cart }: Pick<CheckoutContext, 'session' | 'cart'>): string | null {
  if (session.status !== 'signedIn' || !session.customer || !cart) return null;
  return `${session.customer.uuid}:${cart.total}`;
}

const KEPT = 'What you typed is kept, and placing the order again never orders twice.';

const isBillingField = (key: string): key is BillingField => BILLING_FIELDS.some((field) => field === key);

/** The billing contact as the API takes it: an empty PO number is no PO number. */
const billingOf = ({ po_number, ...rest }: BillingFields) => ({ ...rest, po_number: po_number || undefined });

export const isBillingComplete = (billing: BillingFields): boolean =>
  billingContact.safeParse(billingOf(billing)).success;

/** The order: the billing contact, this checkout's key, and exactly the items shown. */
export const orderOf = (context: CheckoutContext): PlaceOrderBody => ({
  billing: billingOf(context.billing),
  idempotency_key: context.idempotencyKey,
  item_ids: context.cart?.contents.items.map((item) => item.id) ?? [],
  // Said only for a card: an invoice is what the API does without it (and what SPEC's API knows).
  ...((context.payment === 'card' || isInvoiceRefused(context)) && context.cardsOffered
    ? { payment: 'card' as const }
    : {}),
});

export const isPaymentRedirect = (answer: PlaceAnswer): answer is PaymentRedirect => 'url' in answer;

/** The orders of a placing answered with them (the guard before sends a card's answer to its page). */
export function asPlaced(answer: PlaceAnswer): PlacedOrders {
  if (isPaymentRedirect(answer)) throw new Error('A card checkout is paid on its page, not confirmed here.');
  return answer;
}

/** The first message for each field the schema refuses. */
export function invalidFieldsOf(billing: BillingFields): Partial<Record<BillingField, string>> {
  const checked = billingContact.safeParse(billingOf(billing));
  const errors: Partial<Record<BillingField, string>> = {};
  for (const issue of checked.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (isBillingField(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/** The API's messages split: those next to a billing field (`billing.phone`), and the rest, for the alert. */
export function splitRefusal(refused: OrderRefused) {
  const fieldErrors: Partial<Record<BillingField, string>> = {};
  const elsewhere: string[] = [];
  for (const [key, message] of Object.entries(refused.fieldErrors)) {
    const field = key.replace(/^billing\./, '');
    if (isBillingField(field)) fieldErrors[field] ??= message;
    else elsewhere.push(message);
  }
  return { fieldErrors, alert: elsewhere.length > 0 ? elsewhere.join(' ') : refused.message };
}

/** A failure about the order with no sentence of its own. */
export const NOT_SENT = 'The order could not be sent.';

/** 5xx or no answer: the order may or may not be made; sending it again is safe, and nothing typed is lost. */
export const troubleOf = (error: unknown): string => `${messageOf(error, NOT_SENT)} ${KEPT}`;

/** No answer in time (commitTimeout): as for a lost connection, placing the order again is safe. */
export const noAnswerInTime = (productName: string): string => notAnsweredInTime(productName, KEPT);

/** The page's cart: set whenever the checkout runs (a checkout of no cart offers nothing to place). */
export function shownCart(context: CheckoutContext): Cart {
  if (!context.cart) throw new Error('The checkout tracks the cart it shows.');
  return context.cart;
}

/** The cart shown as the session tells: its copy of this cart follows adds and removes; another cart is never shown. */
export const cartAfter = (context: CheckoutContext, session: SessionView): Cart | null =>
  session.cart?.uuid === context.cartId && session.cart !== context.session.cart
    ? session.cart
    : context.cart;

/**
 * The signed-in account's cart when it is not this page's (this one was taken into it at a sign-in,
 * here or earlier): the checkout goes there. A visitor's cart id, or none, is never a reason to move.
 */
export function accountCartElsewhere({ session, cartId }: CheckoutContext): string | null {
  return session.status === 'signedIn' && session.cartId !== null && session.cartId !== cartId
    ? session.cartId
    : null;
}

/** Another person than the one the billing contact was typed for (a sign-out, then someone else's sign-in). */
export const isOtherCustomer = (context: CheckoutContext, session: SessionView): boolean =>
  context.billingFor !== null && session.customer !== null && session.customer.uuid !== context.billingFor;

/** Name, e-mail and company from the account where nothing is typed yet; what was typed stays. */
const prefilled = (billing: BillingFields, customer: CheckoutCustomer): BillingFields => ({
  ...billing,
  name: billing.name || (customer.fullname ?? ''),
  email: billing.email || (customer.email ?? ''),
  company: billing.company || (customer.company ?? ''),
});

/** The billing contact of the customer signed in: what they (or the visitor before them) typed stays. */
export function billingContinued(context: CheckoutContext): Partial<CheckoutContext> {
  const { customer } = context.session;
  return customer ? { billing: prefilled(context.billing, customer), billingFor: customer.uuid } : {};
}

/**
 * The company's saved billing contact, in the fields nobody typed in: a form still as the account
 * prefilled it takes the saved contact whole; otherwise only its empty fields are filled. The PO
 * number is the company's standing PO, or left for this purchase's own (a saved contact has none).
 */
export function billingFromSaved(context: CheckoutContext, saved: SavedBilling): Partial<CheckoutContext> {
  const { customer } = context.session;
  if (!customer || customer.uuid !== context.billingFor) return {};
  const contact: Partial<BillingContact> = saved.contact ?? {};
  const asSaved: BillingFields = {
    ...prefilled(EMPTY_BILLING, customer),
    ...contact,
    po_number: saved.standingPo ?? '',
  };
  const untouched = BILLING_FIELDS.every((f) => context.billing[f] === prefilled(EMPTY_BILLING, customer)[f]);
  const billing = untouched ? asSaved : { ...context.billing };
  if (!untouched) for (const field of BILLING_FIELDS) billing[field] ||= asSaved[field];
  return { billing, standingPo: saved.standingPo };
}

/** Another customer's billing contact: nothing of the previous one's is kept, theirs starts from their account. */
export function billingAfresh(context: CheckoutContext): Partial<CheckoutContext> {
  const { customer } = context.session;
  return customer
    ? {
        billing: prefilled(EMPTY_BILLING, customer),
        billingFor: customer.uuid,
        standingPo: null,
        fieldErrors: {},
        alert: null,
      }
    : {};
}

/** Two views of the session that would decide nothing differently (the app tells the checkout of changes only). */
export const isSameSessionView = (a: SessionView, b: SessionView): boolean =>
  a.status === b.status &&
  a.cartId === b.cartId &&
  a.cart === b.cart &&
  a.customer?.uuid === b.customer?.uuid &&
  a.customer?.fullname === b.customer?.fullname &&
  a.customer?.email === b.customer?.email &&
  a.customer?.company === b.customer?.company;

/** The account's cart the checkout moves to (it moves only when there is one elsewhere). */
export function accountCartOf(context: CheckoutContext): string {
  const elsewhere = accountCartElsewhere(context);
  if (elsewhere === null) throw new Error("The checkout moves only to the account's cart elsewhere.");
  return elsewhere;
}
