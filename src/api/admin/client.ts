import axios from 'redaxios';
import type { Envelope } from '../../../contract/envelope';
import { config } from '../../config';
import { attachmentName, type FileAnswer, NetworkError, type Query, toSearchParams } from '../client';
import { apiFetch } from '../transport';

// Stand-in of part 1's back-office client (issue 31, part 4 needed one first): the staff session's
// token from sessionStorage, never the storefront's store. The merge keeps part 1's.

const http = axios.create({
  baseURL: `${config.apiBase}/admin`,
  headers: { Accept: 'application/json' },
  validateStatus: () => true,
  fetch: apiFetch,
});

/** The staff session's token, kept for the tab only. */
function staffToken(): string | null {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem('adlaneBackOffice') ?? 'null');
    return stored && typeof stored === 'object' && 'token' in stored && typeof stored.token === 'string'
      ? stored.token
      : null;
  } catch {
    return null;
  }
}

export type AdminAnswer<T> = Envelope<T | null> & { status: number };

/** One call to /api/v1/admin with the staff session's bearer. */
export async function adminCall<T>(
  path: string,
  options: { method?: 'get' | 'post'; query?: Query; body?: unknown } = {},
): Promise<AdminAnswer<T>> {
  const token = staffToken();
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  const params = options.query ? toSearchParams(options.query) : undefined;
  try {
    const response =
      options.method === 'post'
        ? await http.post<unknown>(path, options.body, { params, headers })
        : await http.get<unknown>(path, { params, headers });
    const body = (response.data ?? {}) as Partial<Envelope<T>>;
    return {
      status: response.status,
      success: body.success === true,
      data: body.data ?? null,
      meta: body.meta ?? { drop_cookies: [] },
      message: body.message ?? '',
    };
  } catch (error) {
    throw new NetworkError(path, error);
  }
}

/** A file of the back office (an ad file, a brief's file, a proof) as a Blob. */
export async function adminFile(path: string, fallbackName: string): Promise<FileAnswer> {
  const token = staffToken();
  const response = await http
    .get<Blob>(path, { headers: token ? { Authorization: `Bearer ${token}` } : {}, responseType: 'blob' })
    .catch((error: unknown) => {
      throw new NetworkError(path, error);
    });
  if (response.status === 200)
    return {
      ok: true,
      blob: response.data,
      filename: attachmentName(response.headers.get('content-disposition'), fallbackName),
    };
  return { ok: false, status: response.status, message: 'The file could not be downloaded.' };
}
