import type { CartItem } from '../../contract/cart';
import type { CartItemRequest } from './cart.types';

/** The message for a failed request: the API's own explanation after the generic text, when there is one. */
export function messageOf(error: unknown, generic: string): string {
  const detail = apiReason(error);
  return detail ? `${generic}: ${detail}` : `${generic}. Please try again.`;
}

/** The API's own sentence about a refused request, or '' when it gave none (the network failed). */
export function apiReason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { message?: unknown } | undefined) : undefined;
  return typeof cause?.message === 'string' ? cause.message : '';
}

/**
 * What puts a removed item back: the same placement, dates and quantity, priced again. A direct-mail
 * campaign has none (its routes are not in the cart), so its removal cannot be undone here.
 */
export function undoOf(item: CartItem): CartItemRequest | null {
  if (item.campaign) return null;
  return {
    mediacode: item.mediacode,
    dates: [...item.dates],
    quantity: item.qty,
    title: item.summary.summary_title,
    restored: true,
  };
}
