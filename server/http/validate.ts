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

/**
 * Input checked against its schema (400 naming the first bad field), then for text the database
 * cannot store (400 naming that field), so no handler ever receives either.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new BadInput(describeIssues(result.error));
  assertStorableText(result.data);
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

/** A UTF-16 surrogate without its other half: not a character, and no UTF-8 encoder takes it. */
// With the u flag a pair is one code point outside the range, so only a lone half matches.
export const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** What a field with such characters is told, after its name. */
export const UNSTORABLE_TEXT = 'contains characters that cannot be stored (NUL or broken Unicode).';

/**
 * Where in a value the first string (or key) the database cannot store is (or the first that matches
 * `pattern`): its field path in the
 * form the field messages use (`billing.name`; list positions are left out), `''` for the value
 * itself, or null when everything can be stored. Walks without recursion, so nesting depth costs
 * nothing but time.
 */
export function findUnstorableText(value: unknown, pattern: RegExp = UNSTORABLE): string | null {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (pattern.test(item)) return path;
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) pending.push([item[i], path]);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (pattern.test(key)) return path;
        pending.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/** The sentence for unstorable text at `path` (from findUnstorableText), naming the field when there is one. */
export const unstorableMessage = (path: string) =>
  path ? `${path}: ${UNSTORABLE_TEXT}` : `The request ${UNSTORABLE_TEXT}`;

/** Refuses input with characters the database cannot store (400 naming the field), instead of failing on insert. */
export function assertStorableText(value: unknown): void {
  const path = findUnstorableText(value);
  if (path !== null) throw new BadInput(unstorableMessage(path));
}
