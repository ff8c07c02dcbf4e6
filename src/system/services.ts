import { createSession, fetchMe, logout, refreshLogin } from '../api/auth';
import { addCartItem, deleteCartItem, fetchOrdersStats, loadCart } from '../api/cart';
import { handleUnauthenticated } from '../api/client';
import { logEvent } from '../api/logEvent';
import { loadSearchCode } from '../features/search/loadSearchCode';
import type { AppServices } from './environment';

/** The app's API calls over HTTP (src/api), as the actors use them. */
export const httpServices: AppServices = {
  refreshLogin,
  createSession,
  fetchMe,
  logout,
  loadCart,
  addCartItem,
  deleteCartItem,
  fetchOrdersStats: async () => {
    const result = await fetchOrdersStats();
    if (!result.ok) throw new Error(result.message || 'The order counts could not be loaded.');
    return result.data;
  },
  logEvent,
  loadSearchCode,
  onUnauthenticated: handleUnauthenticated,
};
