/** What the visitor wants added: never a price (the API computes it). */
export interface CartItemRequest {
  mediacode: string;
  dates: string[];
  quantity: number;
  /** For the confirmation toast. */
  title: string;
}

/** Thrown by the cart load when the cart no longer exists (or is not this visitor's). */
export class CartNotFound extends Error {}
