import { z } from 'zod';

/**
 * A cookie the API asks the browser to set (value) or remove (value null). SPEC section 7 calls
 * these `meta.drop_cookies`; the client applies them when a response carries them.
 */
export const droppedCookie = z.object({
  name: z.string().min(1),
  value: z.string().nullable(),
  days: z.number().positive().optional(),
});
export type DroppedCookie = z.infer<typeof droppedCookie>;

export const meta = z.object({
  drop_cookies: z.array(droppedCookie).default([]),
  total: z.number().int().nonnegative().optional(),
  page: z.number().int().positive().optional(),
  per_page: z.number().int().positive().optional(),
  pages: z.number().int().nonnegative().optional(),
  /** On a 401: the sign-in ended because its holder was removed from this company's team. */
  access_removed: z.object({ company: z.string() }).optional(),
});
export type Meta = z.infer<typeof meta>;

/** Every answer of the API: `{ success, data, meta: { drop_cookies }, message }`. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    data,
    meta,
    message: z.string(),
  });

export interface Envelope<T> {
  success: boolean;
  data: T;
  meta: Meta;
  message: string;
}
