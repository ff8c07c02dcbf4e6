/**
 * A random v4-style id, as the `adlane_browser_id` cookie holds (SPEC section 9). Apart from the
 * zod schemas so the first page can read it without loading zod.
 */
export const BROWSER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
