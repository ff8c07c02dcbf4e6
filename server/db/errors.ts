/**
 * Whether a query failed on a unique constraint: two requests creating the same thing at the same
 * moment. PGlite and node-postgres word it differently, and drizzle wraps it in its own error.
 */
export const isUniqueViolation = (error: unknown) =>
  error instanceof Error &&
  /unique|duplicate/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`);

/** The Postgres codes of a transaction that lost to another: a deadlock or a serialization failure. */
const CONFLICT_CODES = new Set(['40P01', '40001']);

/**
 * Whether a query lost to another transaction at the same moment (a deadlock, a serialization
 * failure) or hit a unique constraint: a conflict the person can retry, never a server fault.
 */
export const isConcurrencyConflict = (error: unknown): boolean => {
  for (let cause = error, depth = 0; cause && depth < 4; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && CONFLICT_CODES.has(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return (
    isUniqueViolation(error) ||
    (error instanceof Error &&
      /deadlock detected|could not serialize/i.test(
        `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`,
      ))
  );
};

/** Whether a query named a row that is gone (a foreign key): deleted by someone else meanwhile. */
export const isForeignKeyViolation = (error: unknown): boolean => {
  for (let cause = error, depth = 0; cause && depth < 4; depth++) {
    if ((cause as { code?: unknown }).code === '23503') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return (
    error instanceof Error &&
    /foreign key/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`)
  );
};
