/** Marks what toasts must leave visible while it is open (the mini-cart, the account menu). */
export const KEEP_CLEAR = { 'data-toasts-keep-clear': '' } as const;
