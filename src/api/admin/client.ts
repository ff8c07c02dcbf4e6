import { type Answer, type CallOptions, call, callFile, type FileAnswer, type Query } from '../client';
import { type Result, toResult } from '../result';

/**
 * The back office's calls go with the staff session's token (never the storefront's), and a 401
 * ends the staff session; the storefront's is not touched.
 */
let tokenOf: () => string | null = () => null;
let onRejected: () => void = () => {};

/** Where the staff token comes from and who hears of a 401 (set once, in src/system/admin). */
export function connectStaffSession(token: () => string | null, rejected: () => void): void {
  tokenOf = token;
  onRejected = rejected;
}

/** A 401 to a call that carried a token means that token is no longer good. */
function rejectedIf(status: number, token: string | null): void {
  if (status === 401 && token) onRejected();
}

/**
 * One back-office call answered as the storefront's are (the envelope, its status and headers),
 * which the catalogue, orders and files modules read. Throws NetworkError when the server could not
 * be reached.
 */
export async function adminEnvelope<T>(
  path: string,
  options: Omit<CallOptions, 'auth' | 'bearer'> = {},
): Promise<Answer<T>> {
  const token = tokenOf();
  const answer = await call<T>(`/admin${path}`, { ...options, bearer: token ?? '' });
  rejectedIf(answer.status, token);
  return answer;
}

/** The same call shaped for a form. Throws NetworkError when the server could not be reached. */
export const adminCall = async <T>(
  path: string,
  options: Omit<CallOptions, 'auth' | 'bearer'> = {},
): Promise<Result<T>> => toResult(await adminEnvelope<T>(path, options));

/** A file of the back office (a proof, an ad file, a brief's file) with the staff session's token. */
export async function adminFile(path: string, query: Query, fallbackName: string): Promise<FileAnswer> {
  const token = tokenOf();
  const answer = await callFile(`/admin${path}`, query, fallbackName, { bearer: token ?? '' });
  if (!answer.ok) rejectedIf(answer.status, token);
  return answer;
}
