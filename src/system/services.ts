import { createSession, fetchMe, logout, refreshLogin } from '../api/auth';
import {
  addCartItem,
  deleteCartItem,
  fetchOrdersStats,
  loadCart,
  restoreCartItem,
  updateCartItem,
} from '../api/cart';
import { handleUnauthenticated } from '../api/client';
import { logEvent } from '../api/logEvent';
import type { AppServices } from './environment';

/** The app's API calls over HTTP (src/api), as the actors use them (the search code comes from the page: main.tsx). */
export const httpServices: Omit<AppServices, 'loadSearchCode'> = {
  refreshLogin,
  createSession,
  fetchMe,
  logout,
  loadCart,
  addCartItem,
  deleteCartItem,
  restoreCartItem,
  updateCartItem,
  fetchOrdersStats: async () => {
    const result = await fetchOrdersStats();
    if (!result.ok) throw new Error(result.message || 'The order counts could not be loaded.');
    return result.data;
  },
  logEvent,
  onUnauthenticated: handleUnauthenticated,
};
