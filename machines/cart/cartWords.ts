import type { CartItem } from '../../contract/cart';
import { apiReasonOf } from '../failures';
import type { CartItemRestore } from './cart.types';

/** The message for a failed request: the API's own explanation after the generic text, when there is one. */
export function failureOf(error: unknown, generic: string): string {
  const detail = apiReasonOf(error);
  return detail ? `${generic}: ${detail}` : `${generic}. Please try again.`;
}

/**
 * What puts a removed item back: the item itself, by id, for every kind of item (a direct-mail
 * campaign keeps its routes or zip codes on the server).
 */
export function undoOf(item: CartItem, cartId: string): CartItemRestore {
  return { cartId, itemId: item.id, title: item.summary.summary_title };
}

/** What a refused undo says: the API's own sentence, which names the item and what to do instead. */
export function restoreRefusalOf(error: unknown): string {
  return apiReasonOf(error) || 'That item could not be put back. Please try again.';
}
