/**
 * Whether a query failed on a unique constraint: two requests creating the same thing at the same
 * moment. PGlite and node-postgres word it differently, and drizzle wraps it in its own error.
 */
export const isUniqueViolation = (error: unknown) =>
  error instanceof Error &&
  /unique|duplicate/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`);
