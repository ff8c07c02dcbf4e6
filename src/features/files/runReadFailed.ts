import { createContext, useContext } from 'react';

/**
 * Whether the page's last read of its runs (the order page's order, the file page's file) failed.
 * Each RunApproval waiting for that read lets go of its buttons when it turns true: the page says
 * the read failed, with Try again, and the buttons never stay locked for a read that will not come.
 */
export const RunReadFailed = createContext(false);

export const useRunReadFailed = () => useContext(RunReadFailed);
