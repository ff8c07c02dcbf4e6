import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import { BadInput } from './validate';

/** Thrown for a form that fails its schema: answered 422 with one message per field. */
export class InvalidFields extends HTTPException {
  constructor(readonly errors: Record<string, string>) {
    super(422, { message: 'Please check the highlighted fields.' });
  }
}

/** The request body as an object: JSON, or form fields (urlencoded or multipart). */
export async function readBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    try {
      return await c.req.json();
    } catch {
      throw new BadInput('The request body is not valid JSON.');
    }
  }
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    return c.req.parseBody();
  }
  const text = await c.req.text();
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

export async function parseForm<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const body = await readBody(c);
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new BadInput('The request body must be an object.');
  const result = schema.safeParse(body);
  if (!result.success) throw new InvalidFields(fieldMessages(result.error));
  return result.data;
}
