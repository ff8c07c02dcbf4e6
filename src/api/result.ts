import type { Meta } from '../../contract/envelope';
import type { Answer } from './client';

/**
 * An API answer as every adapter of src/api gives it: the data, or a message, one message per field
 * and the status (404, 409…), which src/system reads to tell the machines what went wrong.
 */
export type Result<T> =
  | { ok: true; data: T; message: string }
  | { ok: false; message: string; fieldErrors: Record<string, string>; status: number };

/** A refusal: the API's sentence, its messages per field (a 422's `errors`) and the status. */
export type Refusal = Extract<Result<unknown>, { ok: false }>;

export function refusalOf(answer: Answer<unknown>): Refusal {
  const errors = (answer.data as { errors?: Record<string, string> } | null)?.errors ?? {};
  return { ok: false, message: answer.message, fieldErrors: errors, status: answer.status };
}

/**
 * An answer that carries data. A success without any is a refusal too: the caller gets no data it
 * could not use. Calls whose success is nothing (a team action, an approval's answer, a sign-in link,
 * a deleted area, a removed file: `ok(c, null, …)` on the server) use `toDone`.
 */
export function toResult<T>(answer: Answer<T>): Result<T> {
  if (answer.success && answer.data !== null) return { ok: true, data: answer.data, message: answer.message };
  return refusalOf(answer);
}

/** An answer whose data is nothing (a sign-out, a deletion, a team action): whether it worked, and its sentence. */
export function toDone(answer: Answer<unknown>): Result<null> {
  return answer.success ? { ok: true, data: null, message: answer.message } : refusalOf(answer);
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
