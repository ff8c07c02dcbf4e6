/** Messages both sides must agree on, letter for letter; zod-free so the storefront's first bundle stays small. */

/** The 401 message the storefront reacts to by signing out (SPEC section 4). */
export const UNAUTHENTICATED = 'Unauthenticated.';
