/** What the visitor wants added: never a price (the API computes it). */
export interface CartItemRequest {
  mediacode: string;
  dates: string[];
  quantity: number;
  /** For the confirmation toast. */
  title: string;
}

/** A removed item to put back (its toast's Undo): the same item, by its id, whatever its kind. */
export interface CartItemRestore {
  /**
   * The cart it was removed from: the undo goes there, whatever cart is followed when it runs (the
   * server follows a cart merged on sign-in, and refuses one ordered since, saying so).
   */
  cartId: string;
  itemId: number;
  /** For the confirmation toast. */
  title: string;
}

/** What the visitor wants an item in the cart changed to: its dates and quantity, priced again by the API. */
export interface CartItemChange {
  itemId: number;
  dates: string[];
  quantity: number;
}

/** Thrown by the cart load when the cart no longer exists (or is not this visitor's). */
export class CartNotFound extends Error {}
