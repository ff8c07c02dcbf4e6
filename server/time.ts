/** Lengths of time in milliseconds, for windows, lifetimes and limits. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * The longest window a rate limit may count over: older records are swept away, so a longer window
 * would silently count less than it says (server/limits.ts refuses one).
 */
export const LONGEST_LIMIT_WINDOW_MS = 2 * DAY_MS;
