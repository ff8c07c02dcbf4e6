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
