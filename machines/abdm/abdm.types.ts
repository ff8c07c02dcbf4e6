import type { AbdmQuote, AbdmRates } from '../../contract/directMail';
import { notAnsweredInTime } from '../failures';

/**
 * The audience-mail flow's vocabulary (its events, context and failures) and its plain rules. The
 * chart is in abdm.machine.ts.
 */

/** The form fields the API can name in a refusal; each one's sentence is shown beside it. */
export type AbdmField = 'zipcodes' | 'mediacode';
export type AbdmFieldErrors = Partial<Record<AbdmField, string>>;

/** The API refused a request (success false): its sentence, and the fields it named. */
export class AbdmRefusal extends Error {
  readonly fields: AbdmFieldErrors;
  constructor(reason: string, fieldErrors: Readonly<Record<string, string>> = {}) {
    super(reason);
    this.name = 'AbdmRefusal';
    this.fields = {
      ...(fieldErrors.zipcodes ? { zipcodes: fieldErrors.zipcodes } : {}),
      ...(fieldErrors.mediacode ? { mediacode: fieldErrors.mediacode } : {}),
    };
  }
}

/** What went wrong with the last request, in SPEC section 8's words with the API's reason after them. */
export interface AbdmFailure {
  message: string;
  fields: AbdmFieldErrors;
}

export type AbdmEvent =
  /** The mailing lists could not be loaded: try again. */
  | { type: 'abdm.retry' }
  | { type: 'abdm.listChosen'; mediacode: string }
  /** The zip codes field changed (typed or pasted: a comma list). */
  | { type: 'abdm.zipcodesChanged'; text: string }
  | { type: 'abdm.quoteRequested' }
  | { type: 'abdm.weekChosen'; week: string }
  | { type: 'abdm.addRequested' };

export interface AbdmContext {
  /** The zip code the shop is showing: the mailing lists are those sold around it. */
  zip: string;
  rates: AbdmRates | null;
  ratesError: string | null;
  /** The mailing list chosen (its mediacode): the first one until another is chosen. */
  mediacode: string;
  /** The zip codes as typed, kept as typed whatever the API answers. */
  zipcodes: string;
  /** The quote of the form as it is now; an edit drops it. */
  quote: AbdmQuote | null;
  /** The drop week chosen among the quote's: the first one until another is chosen. */
  week: string;
  failure: AbdmFailure | null;
  /** The product's configured name, which an add without an answer in time says. */
  productName: string;
}

/** The zip codes of the field as the API reads its comma list. */
export const zipcodesIn = (text: string): string[] => text.split(/[\s,;]+/).filter(Boolean);

/** The API's own sentence when there is one, else the error's. */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { message?: unknown } | undefined) : undefined;
  if (typeof cause?.message === 'string' && cause.message) return cause.message;
  return error instanceof Error && error.message ? error.message : 'Something went wrong.';
}

/** What the panel says of a failed request: what failed, then why. */
export const failureOf = (text: string, error: unknown): AbdmFailure => ({
  message: `${text}: ${reasonOf(error)}`,
  fields: error instanceof AbdmRefusal ? error.fields : {},
});

/**
 * The add had no answer in time (commitTimeout): the mailing may be in the cart or not, and adding it
 * again could add it twice, so the person looks first.
 */
export const addNotAnswered = (productName: string): AbdmFailure => ({
  message: `Error creating new ABDM campaign: ${notAnsweredInTime(productName, 'Check your cart before adding this mailing again.')}`,
  fields: {},
});
