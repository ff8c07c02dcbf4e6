import type { Context } from 'hono';
import { invalidField, readBody } from '../http/body';
import { BadInput } from '../http/validate';

/** A file sent as a multipart field, and the form's other fields. */
export interface FormFile {
  name: string;
  bytes: Uint8Array;
  fields: Record<string, unknown>;
}

/**
 * The file of the multipart field `field`: 400 when the body is not a form with one, 422 when it is
 * empty or over `maxBytes` (the body limit refuses a much larger body before this reads it).
 */
export async function formFile(
  c: Context,
  field: string,
  what: { maxBytes: number; choose: string },
): Promise<FormFile> {
  const body = await readBody(c);
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const file = fields[field];
  if (!(file instanceof File))
    throw new BadInput(`${what.choose}: send it as the form field "${field}" (multipart/form-data).`);
  if (file.size === 0) throw invalidField(field, 'That file is empty. Choose another one.');
  if (file.size > what.maxBytes)
    throw invalidField(field, `That file is over ${what.maxBytes / 1024 / 1024} MB. Choose a smaller one.`);
  return { name: file.name || 'file', bytes: new Uint8Array(await file.arrayBuffer()), fields };
}
