import axios from 'redaxios';
import type { DroppedCookie, Envelope, Meta } from '../../contract/envelope';
import { UNAUTHENTICATED } from '../../contract/messages';
import { config } from '../config';
import { removeCookie, setCookie } from '../lib/cookies';
import { readStore } from '../lib/storage';
import { apiFetch } from './transport';

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
  fetch: apiFetch,
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

function asEnvelope<T>(status: number, body: unknown): Envelope<T | null> & { status: number } {
  if (body && typeof body === 'object' && 'success' in body) {
    const envelope = body as Partial<Envelope<T>>;
    return {
      status,
      success: Boolean(envelope.success) && status < 400,
      data: envelope.data ?? null,
      meta: { drop_cookies: [], ...envelope.meta },
      message: envelope.message ?? '',
    };
  }
  return {
    status,
    success: false,
    data: null,
    meta: { drop_cookies: [] },
    message:
      status >= 500
        ? `${config.productName} is having trouble right now. Please try again shortly.`
        : `Unexpected answer (${status}).`,
  };
}

/** Sets or removes the cookies an answer lists in `meta.drop_cookies`. */
export function applyDroppedCookies(cookies: readonly DroppedCookie[]): void {
  for (const cookie of cookies) {
    if (cookie.value === null) removeCookie(cookie.name);
    else setCookie(cookie.name, cookie.value, cookie.days);
  }
}

/** `meta`: the answer's, whose `access_removed` says when the person's removal from a team ended the sign-in. */
type UnauthenticatedHandler = (meta?: Meta) => void;
let onUnauthenticated: UnauthenticatedHandler = () => {};

/**
 * Who to tell when an authenticated call answers 401 "Unauthenticated." (the app's session, set where
 * the app is assembled). Answers the way to stop: an app that stops leaves no handler behind.
 */
export function handleUnauthenticated(handler: UnauthenticatedHandler): () => void {
  onUnauthenticated = handler;
  return () => {
    if (onUnauthenticated === handler) onUnauthenticated = () => {};
  };
}

export interface CallOptions {
  method?: 'get' | 'post' | 'put' | 'patch' | 'delete';
  query?: Query;
  body?: unknown;
  /**
   * `true`: send the stored token as the bearer; without one the call fails without reaching the
   * server. `'optional'`: send it when there is one (a cart works with or without an account).
   */
  auth?: boolean | 'optional';
  /** A bearer other than the stored token (the dashboard cookie, for a refresh login). */
  bearer?: string;
}

/** `headers`: the response's, for the few callers that read one (a sign-in's Retry-After). */
export type Answer<T> = Envelope<T | null> & { status: number; headers?: Headers };

const NOT_SIGNED_IN: Answer<never> = {
  status: 401,
  success: false,
  data: null,
  meta: { drop_cookies: [] },
  message: UNAUTHENTICATED,
};

/**
 * One call to the REST API (SPEC sections 4, 7 and 8). Answers the envelope whether the call worked
 * or not (check `success`). Applies `meta.drop_cookies`. An authenticated call with no stored token
 * fails without calling the server; one answered 401 "Unauthenticated." outside /login signs the
 * visitor out. Throws `NetworkError`, after announcing it on `window`, only when the server could not
 * be reached.
 */
export async function call<T>(path: string, options: CallOptions = {}): Promise<Answer<T>> {
  const { method = 'get', query, body, auth = false } = options;
  const token = auth ? readStore().token : undefined;
  if (auth === true && !token) return NOT_SIGNED_IN;
  const bearer = options.bearer ?? token;
  const headers = bearer ? { Authorization: `Bearer ${bearer}` } : undefined;
  const params = query ? toSearchParams(query) : undefined;

  let answer: Answer<T>;
  try {
    const response =
      method === 'post' || method === 'put' || method === 'patch'
        ? await http[method]<unknown>(path, body, { params, headers })
        : method === 'delete'
          ? await http.delete<unknown>(path, { params, headers })
          : await http.get<unknown>(path, { params, headers });
    answer = { ...asEnvelope<T>(response.status, response.data), headers: response.headers as Headers };
  } catch (error) {
    if (typeof window !== 'undefined')
      window.dispatchEvent(new CustomEvent(API_ERROR_EVENT, { detail: { path, error } }));
    throw new NetworkError(path, error);
  }

  applyDroppedCookies(answer.meta.drop_cookies);
  if (auth === true && answer.status === 401 && answer.message === UNAUTHENTICATED && !isOnLoginPage()) {
    onUnauthenticated(answer.meta);
  } else if (answer.status >= 500) {
    // Nobody handles a server fault specially; it is warned, and the caller shows its own message.
    console.warn(`API ${method.toUpperCase()} ${path} answered ${answer.status}: ${answer.message}`);
  }
  return answer;
}

/** A file the API answered (a CSV export), or why it could not be had. */
export type FileAnswer =
  | { ok: true; blob: Blob; filename: string }
  | { ok: false; status: number; message: string };

/** The file name of a Content-Disposition header (`attachment; filename="x.csv"`), or the fallback. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const name = disposition?.match(/filename="?([^";]+)"?/i)?.[1]?.trim();
  return name || fallback;
}

/**
 * A download from the API with the stored token (a link could not send it): the file as a Blob, or
 * the envelope's message when the API refused. `auth` and `bearer` as `call`'s; every file needs a
 * token, so without options the stored one is sent. Throws NetworkError when the server could not be
 * reached.
 */
export async function callFile(
  path: string,
  query: Query,
  fallbackName: string,
  options: Pick<CallOptions, 'auth' | 'bearer'> = { auth: true },
): Promise<FileAnswer> {
  const { auth = false } = options;
  const token = options.bearer ?? (auth ? readStore().token : undefined);
  if (!token) return { ok: false, status: 401, message: UNAUTHENTICATED };
  let response: Awaited<ReturnType<typeof http.get<Blob>>>;
  try {
    response = await http.get<Blob>(path, {
      params: toSearchParams(query),
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/csv, application/pdf, application/json' },
      responseType: 'blob',
    });
  } catch (error) {
    throw new NetworkError(path, error);
  }
  if (response.status === 200) {
    const disposition = response.headers.get('content-disposition');
    return { ok: true, blob: response.data, filename: attachmentName(disposition, fallbackName) };
  }
  let body: unknown = null;
  try {
    body = JSON.parse(await response.data.text());
  } catch {
    // Not an envelope: the status says enough.
  }
  const answer = asEnvelope<never>(response.status, body);
  if (auth === true && answer.status === 401 && answer.message === UNAUTHENTICATED) onUnauthenticated();
  return { ok: false, status: answer.status, message: answer.message };
}

const isOnLoginPage = () => typeof location !== 'undefined' && /^\/login\/?$/.test(location.pathname);
