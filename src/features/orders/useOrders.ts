import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ActorRefFrom, createActor } from 'xstate';
import {
  type OrderPageMachine,
  selectIsBooking,
  selectIsCancelling,
  selectIsConfirmingCancel,
  selectOrder,
  selectOrderActionError,
  selectOrderError,
  selectOrderPageStatus,
  selectOrderRefreshError,
} from '../../../machines/orders/orderPage.machine';
import {
  type OrdersListKey,
  type OrdersListMachine,
  selectOrdersAnswer,
  selectOrdersBookAgainError,
  selectOrdersBookingAgain,
  selectOrdersDraft,
  selectOrdersError,
  selectOrdersExportError,
  selectOrdersExporting,
  selectOrdersLastBooked,
  selectOrdersLoading,
  selectOrdersStale,
} from '../../../machines/orders/ordersList.machine';
import { config } from '../../config';
import { useLoadedApp } from '../../system/AppContext';
import { useFlowActor } from '../../system/hooks/useFlowActor';
import { orderPageLogic } from '../../system/orders';

export type OrdersListActor = ActorRefFrom<OrdersListMachine>;
export type OrderPageActor = ActorRefFrom<OrderPageMachine>;

/** The address of an orders list: `/orders/past?page=2&q=lake`. */
export const ordersListHref = ({ tab, page, q }: OrdersListKey): string => {
  const params = new URLSearchParams();
  if (page > 1) params.set('page', String(page));
  if (q) params.set('q', q);
  const query = params.toString();
  return `/orders/${tab}${query ? `?${query}` : ''}`;
};

export const useOrdersAnswer = (actor: OrdersListActor) => useSelector(actor, selectOrdersAnswer);
export const useOrdersError = (actor: OrdersListActor) => useSelector(actor, selectOrdersError);
export const useOrdersDraft = (actor: OrdersListActor) => useSelector(actor, selectOrdersDraft);
export const useOrdersLoading = (actor: OrdersListActor) => useSelector(actor, selectOrdersLoading);
export const useOrdersExporting = (actor: OrdersListActor) => useSelector(actor, selectOrdersExporting);
export const useOrdersExportError = (actor: OrdersListActor) => useSelector(actor, selectOrdersExportError);
export const useOrdersStale = (actor: OrdersListActor) => useSelector(actor, selectOrdersStale);
export const useOrdersBookingAgain = (actor: OrdersListActor) => useSelector(actor, selectOrdersBookingAgain);
export const useOrdersLastBooked = (actor: OrdersListActor) => useSelector(actor, selectOrdersLastBooked);
export const useOrdersBookAgainError = (actor: OrdersListActor) =>
  useSelector(actor, selectOrdersBookAgainError);

/**
 * The actor of an order's page, for as long as the page shows that order (the route keys the page
 * by order number). A book-again opens the cart's checkout, unless the customer left meanwhile.
 */
export function useOrderPageActor(number: string): OrderPageActor {
  const app = useLoadedApp();
  const navigate = useNavigate();
  return useFlowActor((isShown) =>
    createActor(
      orderPageLogic(app, {
        openCart: (cartId) => {
          if (isShown()) void navigate({ to: '/checkout/$cartId', params: { cartId } });
        },
      }),
      { ...app.actorOptions, input: { number, productName: config.productName } },
    ),
  );
}

export const useOrderPageStatus = (actor: OrderPageActor) => useSelector(actor, selectOrderPageStatus);
export const useOrder = (actor: OrderPageActor) => useSelector(actor, selectOrder);
export const useOrderError = (actor: OrderPageActor) => useSelector(actor, selectOrderError);
export const useOrderActionError = (actor: OrderPageActor) => useSelector(actor, selectOrderActionError);
export const useOrderRefreshError = (actor: OrderPageActor) => useSelector(actor, selectOrderRefreshError);
export const useConfirmingCancel = (actor: OrderPageActor) => useSelector(actor, selectIsConfirmingCancel);
export const useCancelling = (actor: OrderPageActor) => useSelector(actor, selectIsCancelling);
export const useBookingAgain = (actor: OrderPageActor) => useSelector(actor, selectIsBooking);
