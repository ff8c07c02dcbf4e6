import type { z } from 'zod';
import { type FieldTree, fieldsOf } from './schemaFields';

/** What the generators learn from the API before they start (server/…/context.ts), to build valid samples. */
export interface FuzzContext {
  /** A signed-in customer: the bearer and the account. */
  token: string;
  userId: string;
  email: string;
  password: string;
  mediacode: string;
  dates: string[];
  quantity: number;
  prodcode: string;
  zip: string;
  routecode: string;
  /** The customer's cart with one item, to place. */
  cartId: string;
  itemIds: number[];
  /** An order the customer placed (upcoming), for the order routes. */
  orderNumber: string;
  /** Another cart, whose item the delete route may remove. */
  spareCartId: string;
  spareItemId: number;
  selectionId: string;
  abdmMediacode: string;
  dropWeek: string;
  browserId: string;
  invite: { uuid: string; coid: string; email: string };
  reset: { tok: string; resetcode: string };
  signinCode: string;
}

export interface Input {
  /** The fields of the contract schema, when there is one. */
  fields: FieldTree;
  sample: (ctx: FuzzContext) => Record<string, unknown>;
}

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path, `:name` for each parameter. */
  path: string;
  params?: Record<string, (ctx: FuzzContext) => string>;
  /** A suffix the router needs after a parameter (`.json` of the geocoder's file). */
  paramSuffix?: string;
  query?: Input;
  body?: Input;
  /** `required`: sent with the customer's bearer most of the time; `never`: never with it (logout). */
  auth?: 'required' | 'optional' | 'never';
  /** How its errors are shaped: SPEC's envelope, Algolia's `{ message, status }`, or GraphQL's `errors`. */
  shape: 'envelope' | 'algolia' | 'graphql' | 'text';
  family: 'REST' | 'search' | 'geocoding' | 'graphql' | 'site';
  /** The largest body it accepts (bodyLimits.ts): a body past it is a 413. */
  maxBody: number;
}

export const endpointName = (e: Endpoint) => `${e.method} ${e.path}`;

export const KB = 1024;
export const input = (schema: z.ZodType, sample: Input['sample']): Input => ({
  fields: fieldsOf(schema),
  sample,
});
/** A route of SPEC's API: errors in the envelope, 16 KB bodies unless it says otherwise. */
export const rest = (
  endpoint: Omit<Endpoint, 'shape' | 'family' | 'maxBody'> & { maxBody?: number },
): Endpoint => ({
  shape: 'envelope',
  family: 'REST',
  maxBody: 16 * KB,
  ...endpoint,
});
