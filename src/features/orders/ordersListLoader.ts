import { createActor } from 'xstate';
import type { OrdersListKey } from '../../../machines/orders/ordersList.machine';
import { config } from '../../config';
import { saveFile } from '../../lib/saveFile';
import { ordersListLogic } from '../../system/orders';
import { type RouteActorLoad, routeActorFor } from '../../system/routeActorFor';
import { type OrdersListActor, ordersListHref } from './useOrders';

/**
 * The loader of an orders tab's route (src/routes/_dashboard/orders/{upcoming,running,past}.tsx): the
 * tab's list, which the route holds while it is shown, told the page and search its address names. A
 * search typed in the page is written back to the address in place of the entry shown (Back leaves
 * the list instead of stepping through every search), which loads the route with that key; a
 * book-again answered after the customer left the tab opens nothing.
 */
export const loadOrdersList = (load: RouteActorLoad, key: OrdersListKey): Promise<OrdersListActor> =>
  routeActorFor(
    load,
    key,
    (app, first, isShown) =>
      createActor(
        ordersListLogic(app, {
          // A search typed just before leaving (the list kept for a book-again's answer) must not bring the tab back.
          openKey: (next) => {
            if (isShown()) app.env.navigator.go(ordersListHref(next), { replace: true });
          },
          saveFile,
          openCart: (cartId) => {
            if (isShown()) app.env.navigator.go(`/checkout/${encodeURIComponent(cartId)}`);
          },
        }),
        { ...app.actorOptions, input: { key: first, productName: config.productName } },
      ),
    (actor, shown) => actor.send({ type: 'orders.show', key: shown }),
  );
