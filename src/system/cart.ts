import type { ActorRefFrom } from 'xstate';
import { fromPromise } from 'xstate';
import { cartMachine } from '../../machines/cart/cart.machine';
import type { SessionMachine } from '../../machines/session/session.machine';
import type { ToastsMachine } from '../../machines/toasts/toasts.machine';
import { toAnalyticsItem } from '../lib/analyticsItems';
import type { AppEnvironment, AppServices } from './environment';

interface CartNeighbours {
  /** The session holds the cart (SPEC's app state: cartId, cart). */
  session: ActorRefFrom<SessionMachine>;
  toasts: ActorRefFrom<ToastsMachine>;
}

/** The cart machine with its effects: API calls, the cart cookie, the session, toasts and analytics. */
export function cartLogic(env: AppEnvironment, services: AppServices, { session, toasts }: CartNeighbours) {
  return cartMachine.provide({
    actors: {
      loadCart: fromPromise(({ input }) => services.loadCart(input.cartId)),
      addItem: fromPromise(({ input }) => services.addCartItem(input.item, input.cartId)),
      removeItem: fromPromise(({ input }) => services.deleteCartItem(input.cartId, input.itemId)),
      restoreItem: fromPromise(({ input }) => services.restoreCartItem(input.cartId, input.itemId)),
      updateItem: fromPromise(({ input }) => services.updateCartItem(input.cartId, input.change)),
    },
    actions: {
      commitCart: (_, { cart }) => session.send({ type: 'session.cartSet', cart }),
      forgetCart: () => {
        env.cookies.remove(env.cookies.names.cartId);
        session.send({ type: 'session.cartCleared' });
      },
      announceOrderPlaced: () => session.send({ type: 'session.ordersChanged' }),
      toastSuccess: (_, { message }) => toasts.send({ type: 'toast.show', variant: 'success', message }),
      toastError: (_, { message }) => toasts.send({ type: 'toast.show', variant: 'error', message }),
      toastRemoved: (_, { message, undo }) =>
        toasts.send({
          type: 'toast.show',
          variant: 'success',
          message,
          action: {
            label: 'Undo',
            to: 'cart',
            event: { type: 'cart.undoRemove', item: undo },
            focusAfter: `[data-remove-item="${undo.itemId}"]`,
          },
        }),
      trackAddToCart: (_, { cart }) => {
        const added = cart.contents.items[0];
        if (added)
          env.pushAnalytics('add_to_cart', {
            ecommerce: { currency: 'USD', value: added.price, items: [toAnalyticsItem(added)] },
          });
      },
      logError: (_, { message, error }) => env.log.error(`${message}:`, error),
    },
  });
}
