import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import { assertStorableText, BadInput } from './validate';

/**
 * Thrown for a form that fails its schema: answered 422 with one message per field. A request about one
 * thing (a quote's dates) can say it in the message too.
 */
export class InvalidFields extends HTTPException {
  constructor(
    readonly errors: Record<string, string>,
    message = 'Please check the highlighted fields.',
  ) {
    super(422, { message });
  }
}

/** A 422 about one field, with the same sentence as the answer's message. */
export const invalidField = (field: string, message: string) =>
  new InvalidFields({ [field]: message }, message);

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * The request body as an object: JSON, or form fields (urlencoded or multipart). The one place a
 * handler's body is read: the app has already limited its size (bodyLimits.ts), and anything that
 * cannot be read (malformed JSON or form data, a body cut short) is a 400 that says so, never a 500.
 */
export async function readBody(c: Context): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.includes('application/json')) {
    try {
      return await c.req.json();
    } catch {
      throw new BadInput('The request body is not valid JSON.');
    }
  }
  if (FORM_TYPES.some((form) => type.includes(form))) {
    try {
      return await c.req.parseBody();
    } catch {
      throw new BadInput(
        type.includes('multipart/form-data')
          ? 'The form data could not be read: send complete multipart parts with the boundary of the Content-Type header.'
          : 'The form data could not be read.',
      );
    }
  }
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    throw new BadInput('The request body could not be read.');
  }
  if (!text) return {};
  throw new BadInput('Send the request body as JSON or as form fields.');
}

/** The first message for each field, keyed by field name. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.filter((p) => typeof p === 'string').join('.') || 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * A body already read (and perhaps reshaped) checked against its schema: 422 with field messages; then
 * text the database cannot store, 400 naming the field.
 */
export function parseFields<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new BadInput('The request body must be an object.');
  const result = schema.safeParse(body);
  if (!result.success) {
    const errors = fieldMessages(result.error);
    // A problem of the whole body (no field to show it by) is the answer's message.
    throw errors.form ? new InvalidFields(errors, errors.form) : new InvalidFields(errors);
  }
  assertStorableText(result.data);
  return result.data;
}

/**
 * Form fields in the shapes PHP-style forms send, as the object a JSON body would be: `dates[]`
 * repeated becomes `dates`, and `billing[name]` or `billing.name` becomes `billing: { name }`. A JSON
 * body, which has none of these keys, comes out the same.
 */
export function nestFields(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = Object.create(null);
  for (const [rawKey, value] of Object.entries(body)) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    const path = key.match(/^([^.[\]]+)(?:\[([^\]]+)\]|\.([^.[\]]+))$/);
    const parent = path?.[1];
    const child = path?.[2] ?? path?.[3];
    if (parent && child && !UNSAFE_KEYS.has(parent) && !UNSAFE_KEYS.has(child)) {
      const existing = out[parent];
      const group =
        existing && typeof existing === 'object' && !Array.isArray(existing)
          ? (existing as Record<string, unknown>)
          : (Object.create(null) as Record<string, unknown>);
      group[child] = value;
      out[parent] = group;
    } else if (!UNSAFE_KEYS.has(key)) {
      const existing = out[key];
      out[key] = existing === undefined ? value : [existing, value].flat();
    }
  }
  return out;
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
