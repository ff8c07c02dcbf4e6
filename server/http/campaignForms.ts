import type { z } from 'zod';
import { abdmCampaignBody, abdmQuoteBody, eddmCampaignBody } from '../../contract/directMail';
import { InvalidFields, parseFields } from './body';
import { campaignFields } from './fieldShapes';
import { bodyWith } from './validators';

/**
 * The direct-mail campaign forms (POST /eddm/campaign/create, /abdm/campaign/quote and create): a
 * missing field is named in words, not zod's, and the first problem is also the answer's message.
 */

const CHOOSE_DROP_WEEK = 'Choose the week the mail goes out (date_start, a Monday like 2027-03-01).';
const EDDM_MISSING = {
  eddmcartid: 'Choose the carrier routes first (eddmcartid, the id of the every-door selection).',
  date_start: CHOOSE_DROP_WEEK,
};
const ABDM_QUOTE_MISSING = {
  mediacode: 'Choose an audience mailing list (mediacode).',
  zipcodes: 'Enter the zip codes to mail, separated by commas.',
};
const ABDM_MISSING = { ...ABDM_QUOTE_MISSING, date_start: CHOOSE_DROP_WEEK };
const FIELD_MESSAGES: Record<string, string> = {
  ...EDDM_MISSING,
  ...ABDM_MISSING,
  eddmcartid: 'The every-door selection is not valid: reload the page.',
  cartid: 'The cart id is not valid. Leave it out to use your current cart.',
};

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A campaign body checked against its schema, missing fields first. */
function parseCampaign<S extends z.ZodType>(
  schema: S,
  body: unknown,
  missing: Record<string, string>,
): z.infer<S> {
  const fields = campaignFields(body);
  if (!fields) {
    const message = 'Send the campaign as form fields or a JSON object.';
    throw new InvalidFields({ form: message }, message);
  }
  const absent = Object.fromEntries(Object.entries(missing).filter(([field]) => isBlank(fields[field])));
  const [first] = Object.values(absent);
  if (first) throw new InvalidFields(absent, first);
  try {
    return parseFields(schema, fields);
  } catch (error) {
    if (!(error instanceof InvalidFields)) throw error;
    // zod's own words ("Invalid input: expected string, received array") become the field's sentence.
    const errors = Object.fromEntries(
      Object.entries(error.errors).map(([field, text]) => [
        field,
        /^Invalid/.test(text) ? (FIELD_MESSAGES[field] ?? text) : text,
      ]),
    );
    const [message = error.message] = Object.values(errors);
    throw new InvalidFields(errors, message);
  }
}

export const eddmCampaignForm = bodyWith((body) => parseCampaign(eddmCampaignBody, body, EDDM_MISSING));
export const abdmQuoteForm = bodyWith((body) => parseCampaign(abdmQuoteBody, body, ABDM_QUOTE_MISSING));
export const abdmCampaignForm = bodyWith((body) => parseCampaign(abdmCampaignBody, body, ABDM_MISSING));
