import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';

/** Thrown for input that fails its contract schema; the app answers it with a 400 envelope. */
export class BadInput extends HTTPException {
  constructor(message: string) {
    super(400, { message });
  }
}

/** A readable sentence from the first problem zod found, naming the field. */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  const field = issue.path.filter((p) => typeof p === 'string').join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new BadInput(describeIssues(result.error));
  return result.data;
}

/**
 * The query string as an object: repeated keys and `key[]` keys become arrays (the shape PHP-style
 * APIs such as SPEC's `media_types[]` and `zip[]` use), single keys stay strings.
 */
export function queryObject(
  c: Context,
  arrayKeys: readonly string[] = [],
): Record<string, string | string[]> {
  // A Map, not an object: keys such as `constructor` or `__proto__` must stay plain data.
  const values = new Map<string, string[]>();
  for (const [rawKey, list] of Object.entries(c.req.queries())) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    values.set(key, [...(values.get(key) ?? []), ...list]);
  }
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [key, list] of values) {
    out[key] = arrayKeys.includes(key)
      ? list.flatMap((v) => v.split(',')).filter(Boolean)
      : (list.at(-1) ?? '');
  }
  for (const key of arrayKeys) out[key] ??= [];
  return out;
}

/** NUL and unpaired surrogates: PostgreSQL refuses them in text and jsonb. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the character this refuses.
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u;

/** True when a string, or any string or key inside an array or object, cannot be stored as text. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasUnstorableText(v, depth + 1));
  return Object.entries(value).some(([k, v]) => UNSTORABLE.test(k) || hasUnstorableText(v, depth + 1));
}

/** Refuses input with characters the database cannot store (400), instead of failing on insert. */
export function assertStorableText(value: unknown): void {
  if (hasUnstorableText(value))
    throw new BadInput('The request contains characters that cannot be stored (NUL or broken Unicode).');
}
