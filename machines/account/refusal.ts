/** The API refused a form: its sentence, and one message per field it names. */
export class FormRefused extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Messages by field of a refusal (none for a failure that is not about fields). */
export const fieldErrorsOf = (error: unknown): Record<string, string> =>
  error instanceof FormRefused ? error.fieldErrors : {};
