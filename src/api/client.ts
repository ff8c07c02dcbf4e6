import axios from 'redaxios';
import type { Envelope } from '../../contract/envelope';
import { config } from '../config';

/** Name of the window event fired when the API cannot be reached at all (SPEC section 8). */
export const API_ERROR_EVENT = `${config.storagePrefix}:api-error`;

export class NetworkError extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(`We could not reach ${config.productName}. Check your connection and try again.`, { cause });
    this.name = 'NetworkError';
  }
}

const http = axios.create({
  baseURL: config.apiBase,
  headers: { Accept: 'application/json' },
  // Every status resolves: the envelope, not the status, says whether the call worked.
  validateStatus: () => true,
});

export type Query = Record<string, string | number | boolean | undefined | ReadonlyArray<string | number>>;

/** `{ zip: ['1', '2'] }` → `zip[]=1&zip[]=2`, the array form SPEC section 7 uses. */
export function toSearchParams(query: Query): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, String(item));
    else params.append(key, String(value));
  }
  return params;
}

function asEnvelope<T>(status: number, body: unknown): Envelope<T | null> {
  if (body && typeof body === 'object' && 'success' in body) {
    const envelope = body as Partial<Envelope<T>>;
    return {
      success: Boolean(envelope.success) && status < 400,
      data: envelope.data ?? null,
      meta: { drop_cookies: [], ...envelope.meta },
      message: envelope.message ?? '',
    };
  }
  return {
    success: false,
    data: null,
    meta: { drop_cookies: [] },
    message:
      status >= 500
        ? `${config.productName} is having trouble right now. Please try again shortly.`
        : `Unexpected answer (${status}).`,
  };
}

export interface CallOptions {
  method?: 'get' | 'post';
  query?: Query;
  body?: unknown;
}

/**
 * One call to the REST API. Answers the envelope whether the call worked or not (check `success`);
 * throws `NetworkError` only when the server could not be reached, after announcing it on `window`.
 */
export async function call<T>(
  path: string,
  { method = 'get', query, body }: CallOptions = {},
): Promise<Envelope<T | null>> {
  const params = query ? toSearchParams(query) : undefined;
  try {
    const response =
      method === 'post'
        ? await http.post<unknown>(path, body, { params })
        : await http.get<unknown>(path, { params });
    return asEnvelope<T>(response.status, response.data);
  } catch (error) {
    if (typeof window !== 'undefined') {
      window.dispatchEvent(new CustomEvent(API_ERROR_EVENT, { detail: { path, error } }));
    }
    throw new NetworkError(path, error);
  }
}
