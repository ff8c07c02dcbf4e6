import type { Cart } from '../../contract/cart';

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

/** The session as the checkout needs it: whether someone is signed in, the account's cart, and who. */
export interface SessionView {
  /** `pending` until the sign-in guard has decided (the first second of a visit). */
  status: 'pending' | 'signedIn' | 'signedOut';
  /** The session's cart id: after a sign-in, the account's cart (which may have taken this one in). */
  cartId: string | null;
  /** The session's copy of its cart, which follows adds and removes made anywhere in the app. */
  cart: Cart | null;
  /** The customer's contact, which the billing form starts from. */
  customer: {
    fullname?: string | undefined;
    email?: string | undefined;
    company?: string | undefined;
  } | null;
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
