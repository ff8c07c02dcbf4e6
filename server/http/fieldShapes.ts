import { nestFields } from './body';

/**
 * Bodies as the schemas read them, whichever way the fields came: form fields (`x[]` repeated, one
 * comma list) or JSON. Each keeps anything it does not know, for the schema to judge.
 */

const asRecord = (fields: unknown): Record<string, unknown> | null =>
  fields && typeof fields === 'object' && !Array.isArray(fields)
    ? { ...(fields as Record<string, unknown>) }
    : null;

/**
 * The fields of a cart item: `dates[]` repeated or one comma-separated `dates` (form or JSON), an
 * empty `cartid` field meaning no cart yet.
 */
export function itemFields(body: unknown): unknown {
  const fields = nestFields(body);
  const out = asRecord(fields);
  if (!out) return fields;
  const dates = out.dates;
  if (typeof dates === 'string' || Array.isArray(dates)) {
    out.dates = [dates]
      .flat()
      .flatMap((d) => (typeof d === 'string' ? d.split(',') : [d]))
      .map((d) => (typeof d === 'string' ? d.trim() : d))
      .filter((d) => d !== '');
  }
  if (out.cartid === '' || out.cartid === null) delete out.cartid;
  return out;
}

/**
 * The fields of a direct-mail campaign, those of a cart item plus `zipcodes`: a comma list as SPEC
 * sends it, and a list of fields or a JSON array say the same. Null when the body is no object.
 */
export function campaignFields(body: unknown): Record<string, unknown> | null {
  const out = asRecord(itemFields(body));
  if (!out) return null;
  if (Array.isArray(out.zipcodes) && out.zipcodes.every((z) => typeof z === 'string'))
    out.zipcodes = out.zipcodes.join(',');
  return out;
}

/** The fields of an every-door selection: routes as a JSON array or a list in one field, and the flag. */
export function selectionFields(body: unknown): unknown {
  const fields = nestFields(body);
  const out = asRecord(fields);
  if (!out) return fields;
  if (typeof out.routes === 'string') out.routes = out.routes.split(/[\s,;]+/).filter(Boolean);
  const flag = out.residential_only;
  if (typeof flag === 'string') {
    const word = flag.trim().toLowerCase();
    if (['1', 'true', 'on', 'yes'].includes(word)) out.residential_only = true;
    if (['0', 'false', 'off', 'no', ''].includes(word)) out.residential_only = false;
  }
  return out;
}
