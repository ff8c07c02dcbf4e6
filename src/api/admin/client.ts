import axios from 'redaxios';
import type { Envelope } from '../../../contract/envelope';
import { config } from '../../config';
import {
  type Answer,
  type CallOptions,
  call,
  callFile,
  type FileAnswer,
  type Query,
  toSearchParams,
} from '../client';
import type { Result } from '../result';
import { apiFetch } from '../transport';

/**
 * The back office's calls: their own instance, with the staff session's token (never the
 * storefront's), and their own 401 (the staff session ends; the storefront's is not touched).
 */
const http = axios.create({
  baseURL: `${config.apiBase}/admin`,
  headers: { Accept: 'application/json' },
  validateStatus: () => true,
  fetch: apiFetch,
});

let tokenOf: () => string | null = () => null;
let onRejected: () => void = () => {};

/** Where the staff token comes from and who hears of a 401 (set once, in src/system/admin). */
export function connectStaffSession(token: () => string | null, rejected: () => void): void {
  tokenOf = token;
  onRejected = rejected;
}

const NO_ANSWER = `We could not reach ${config.productName}. Check your connection and try again.`;

export interface AdminAnswer<T> {
  result: Result<T>;
  /** The answer's `meta` (paging), or {}. */
  meta: Record<string, unknown>;
  headers: Headers | null;
}

/** One back-office call. Never throws: a network failure is a result with a sentence, status 0. */
export async function adminCall<T>(
  path: string,
  options: { method?: 'get' | 'post' | 'patch' | 'put' | 'delete'; body?: unknown; query?: Query } = {},
): Promise<AdminAnswer<T>> {
  const { method = 'get', body, query } = options;
  const token = tokenOf();
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  const params = query ? toSearchParams(query) : undefined;
  try {
    const response =
      method === 'post' || method === 'put' || method === 'patch'
        ? await http[method]<unknown>(path, body ?? {}, { params, headers })
        : await http[method]<unknown>(path, { params, headers });
    const envelope = (response.data ?? {}) as Partial<Envelope<T | null>>;
    if (response.status === 401 && token) onRejected();
    const meta = (envelope.meta ?? {}) as Record<string, unknown>;
    const result: Result<T> =
      response.status < 400 && envelope.success
        ? { ok: true, data: envelope.data as T, message: envelope.message ?? '' }
        : {
            ok: false,
            status: response.status,
            message: envelope.message || `Unexpected answer (${response.status}).`,
            fieldErrors: (envelope.data as { errors?: Record<string, string> } | null)?.errors ?? {},
          };
    return { result, meta, headers: response.headers as Headers };
  } catch {
    return { result: { ok: false, status: 0, message: NO_ANSWER, fieldErrors: {} }, meta: {}, headers: null };
  }
}

/**
 * The same call answered as the storefront's are (the envelope and its status), which the catalogue,
 * orders and files modules read; a 401 ends the staff session as adminCall's does. Throws
 * NetworkError when the server could not be reached.
 */
export async function adminEnvelope<T>(
  path: string,
  options: Omit<CallOptions, 'auth' | 'bearer'> = {},
): Promise<Answer<T>> {
  const token = tokenOf();
  const answer = await call<T>(`/admin${path}`, { ...options, bearer: token ?? '' });
  if (answer.status === 401 && token) onRejected();
  return answer;
}

/** A file of the back office (a proof, an ad file, a brief's file) with the staff session's token. */
export async function adminFile(path: string, query: Query, fallbackName: string): Promise<FileAnswer> {
  const token = tokenOf();
  const answer = await callFile(`/admin${path}`, query, fallbackName, token ?? '');
  if (!answer.ok && answer.status === 401 && token) onRejected();
  return answer;
}
