/**
 * The sentence of a failure for the page: the API's own (the adapters put the answer's message in the
 * error's cause), else what the caller says went wrong.
 */
export const messageOf = (error: unknown, fallback: string): string => {
  const cause = error instanceof Error ? (error.cause as { message?: string } | undefined) : undefined;
  return cause?.message || fallback;
};
