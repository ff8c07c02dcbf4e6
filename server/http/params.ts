import type { Context } from 'hono';
import { FILE_ID } from '../../contract/adFiles';
import { ORDER_NUMBER } from '../../contract/orders';

/** The longest order number looked up: six digits and more are allowed, not a page of them. */
const NUMBER_MAX = 24;

/**
 * The order number of the address's `name` parameter, upper-cased (ad-27-000123 is AD-27-000123), or
 * null when it is not one: a malformed number is as unknown as another company's, so both answer 404.
 */
export function orderNumberParam(c: Context, name: string): string | null {
  const number = (c.req.param(name) ?? '').toUpperCase();
  return number.length <= NUMBER_MAX && ORDER_NUMBER.test(number) ? number : null;
}

/**
 * The file id of the address's `name` parameter, lower-cased, or null when it is no UUID: such an id is
 * no file, and the uuid column would refuse it with an error.
 */
export function fileIdParam(c: Context, name: string): string | null {
  const id = (c.req.param(name) ?? '').toLowerCase();
  return FILE_ID.test(id) ? id : null;
}
