/** The API refused a form: its sentence, and one message per field it names. */
export class FormRefused extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}

const FALLBACK = 'Something went wrong. Check your connection and try again.';

/** The sentence a person reads about a failure. */
export const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : FALLBACK;

/** Messages by field of a refusal (none for a failure that is not about fields). */
export const fieldErrorsOf = (error: unknown): Record<string, string> =>
  error instanceof FormRefused ? error.fieldErrors : {};
