import type { BillingContact, Cart, PlacedOrders } from '../../contract/cart';
import type { InvoiceTerms } from '../../contract/checkoutTerms';
import type { PaymentChoice } from '../../contract/paymentChoices';

/** The billing contact's fields, in the order the form shows them. */
export const BILLING_FIELDS = [
  'name',
  'company',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zip',
  'po_number',
] as const;
export type BillingField = (typeof BILLING_FIELDS)[number];

/** What was typed into the billing form, as typed. */
export type BillingFields = Record<BillingField, string>;

/** Who is signed in, as the billing form needs them: the person (uuid) and their contact. */
export interface CheckoutCustomer {
  uuid: string;
  fullname?: string | undefined;
  email?: string | undefined;
  company?: string | undefined;
}

/** The session as the checkout needs it: whether someone is signed in, the account's cart, and who. */
export interface SessionView {
  /** `pending` until the sign-in guard has decided (the first second of a visit). */
  status: 'pending' | 'signedIn' | 'signedOut';
  /** The session's cart id: after a sign-in, the account's cart (which may have taken this one in). */
  cartId: string | null;
  /** The session's copy of its cart, which follows adds and removes made anywhere in the app. */
  cart: Cart | null;
  /** The customer, whose contact the billing form starts from. */
  customer: CheckoutCustomer | null;
}

export type CheckoutEvent =
  /** The session changed: signed in or out, another cart for the account, its copy of the cart. */
  | { type: 'checkout.sessionChanged'; session: SessionView }
  | { type: 'checkout.fieldChanged'; field: BillingField; value: string }
  /** "Place order" (a click, Enter in a field): ignored while the order is on its way. */
  | { type: 'checkout.submit' }
  /** "How would you like to pay?": kept in every state, sent with the next placing. */
  | { type: 'checkout.paymentChosen'; payment: PaymentChoice };

export interface CheckoutInput {
  cartId: string;
  /** The cart as the page loaded it (null: gone, not this visitor's, or an address naming no cart). */
  cart: Cart | null;
  /** Made once per checkout: the order is made once however often it is sent (a double click, a retry). */
  idempotencyKey: string;
  /** The product's configured name, which an order without an answer in time says. */
  productName: string;
}

/**
 * What the checkout starts a signed-in customer's billing from: the company's saved contact (null
 * before one is saved, or for a member, who may not read it) and its standing PO (null when each
 * checkout takes its own PO number).
 */
export interface SavedBilling {
  contact: BillingContact | null;
  standingPo: string | null;
}

export interface CheckoutContext extends CheckoutInput {
  /** The session as last told, also while the order is on its way (it is acted on once the answer is in). */
  session: SessionView;
  billing: BillingFields;
  /** The customer (uuid) the billing contact is theirs; null until someone signs in. */
  billingFor: string | null;
  /** The company's standing PO, which the PO number field was filled with; null without one. */
  standingPo: string | null;
  fieldErrors: Partial<Record<BillingField, string>>;
  /** A message about the whole order: why it was not placed and what to do. */
  alert: string | null;
  /** Counts the times errors were shown: each time, the form moves the focus to the first one. */
  errorsShown: number;
  placed: PlacedOrders | null;
  /** How the order is paid; card only where the server takes cards (`cardsOffered`). */
  payment: PaymentChoice;
  /** The server takes cards (GET /ui/payments): the checkout offers "Pay by card now". */
  cardsOffered: boolean;
  /**
   * Issue 32: whether the company's terms let it be invoiced for this cart, or why not (GET
   * /checkout/{cartId}/terms), for the customer signed in and the cart's total; null until known, or
   * when they could not be read: the invoice is then offered, and the server decides on placing.
   */
  invoiceTerms: InvoiceTerms | null;
  /** The customer and cart total (termsKeyOf) the terms were last asked for; null when nobody is signed in. */
  termsFor: string | null;
  /** The terms are being asked: the invoice is not shown as chosen and placing the order waits. */
  termsPending: boolean;
}

/**
 * The API refused the order (an answer, not a lost connection): 409 when the cart changed, its prices
 * or dates did, or it was ordered meanwhile; 4xx with a message per field; 5xx when it is in trouble.
 */
export class OrderRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Messages by the request's own keys (`billing.phone`, `item_ids`). */
    readonly fieldErrors: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'OrderRefused';
  }
}
