import type { Context } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import type { AppEnv } from '../env';
import { parseFields, readBody } from './body';
import { parseOrThrow } from './validate';

/**
 * Request validation as route middleware with the contract's schemas: a route declares what it reads
 * (`formBody`, `inputBody`, `query`, `params`) and its handler reads `c.req.valid(...)`, typed.
 * Failures throw the app's own errors, so they answer as they always have: `InvalidFields` (422, one
 * message per field) for forms, `BadInput` (400, naming the field) for everything else.
 */

/**
 * The body checked by `check`, read with `c.req.valid('form')` whether it came as form fields or as
 * JSON: SPEC's calls send forms, and every one of them takes the same fields as JSON.
 */
export function bodyWith<T>(check: (body: unknown, c: Context<AppEnv>) => T | Promise<T>) {
  const validate = (body: unknown) => validator('form', (_fields, c: Context<AppEnv>) => check(body, c));
  // The body is read here rather than by the validator, so JSON is read at all, and a malformed body
  // gets this API's answer. A form is parsed once: the validator finds it in Hono's body cache.
  const middleware: ReturnType<typeof validate> = async (c, next) => validate(await readBody(c))(c, next);
  return middleware;
}

/** A form: the body (reshaped first when its fields come in several shapes) against its schema, 422. */
export const formBody = <S extends z.ZodType>(schema: S, reshape: (body: unknown) => unknown = (b) => b) =>
  bodyWith((body) => parseFields(schema, reshape(body)));

/** A body that is input rather than a form a person fills in: 400 naming the first bad field. */
export const inputBody = <S extends z.ZodType>(schema: S) => bodyWith((body) => parseOrThrow(schema, body));

/**
 * The query string against its schema (400). `read` says how the route takes it, when not as
 * `c.req.query()`: arrays from repeated keys, codes in any case, another value beside it.
 */
export const query = <S extends z.ZodType>(
  schema: S,
  read: (c: Context<AppEnv>) => unknown = (c) => c.req.query(),
) => {
  const typed = () => validator('query', (_values, c: Context<AppEnv>) => parseOrThrow(schema, read(c)));
  // Hono's validator would parse the query string into an object of its own first, for nothing: the
  // route reads it its own way.
  const middleware: ReturnType<typeof typed> = async (c, next) => {
    c.req.addValidatedData('query', parseOrThrow(schema, read(c)) as object);
    await next();
  };
  return middleware;
};

/** Path parameters, each against its own schema in the order given (400 with that schema's message). */
export const params = <Shape extends Record<string, z.ZodType>>(shape: Shape) =>
  validator('param', (_values, c: Context<AppEnv>) => {
    const values: Record<string, unknown> = {};
    for (const [name, schema] of Object.entries(shape))
      values[name] = parseOrThrow(schema, c.req.param(name));
    return values as { [K in keyof Shape]: z.infer<Shape[K]> };
  });
