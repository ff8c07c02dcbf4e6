import type { Meta } from '../../contract/envelope';
import type { Answer } from './client';

/** An API answer shaped for a form: the data, or a message and one message per field. */
export type Result<T> =
  | { ok: true; data: T; message: string }
  | { ok: false; message: string; fieldErrors: Record<string, string>; status: number };

export function toResult<T>(answer: Answer<T>): Result<T> {
  if (answer.success && answer.data !== null) return { ok: true, data: answer.data, message: answer.message };
  if (answer.success) return { ok: true, data: answer.data as T, message: answer.message };
  const errors = (answer.data as { errors?: Record<string, string> } | null)?.errors ?? {};
  return { ok: false, message: answer.message, fieldErrors: errors, status: answer.status };
}

/** The answer's data, or an Error with the message the API gave (what the person reads). */
export function dataOf<T>(answer: Answer<T>, fallback: string): T {
  if (answer.success && answer.data !== null) return answer.data;
  throw new Error(answer.message || fallback);
}

/** Where a page of a list sits among its pages. */
export interface PageInfo {
  page: number;
  pages: number;
  total: number;
}

/** A page of rows under the list's own name (`files`, `orders`, …) and where it sits. */
export type Paged<K extends string, Row> = { [key in K]: Row[] } & PageInfo;

/** The answer's paging; `fallback` stands in for what the answer's meta leaves out. */
export const pageOf = (meta: Meta, fallback: { page: number; total: number }): PageInfo => ({
  page: meta.page ?? fallback.page,
  pages: meta.pages ?? 1,
  total: meta.total ?? fallback.total,
});
