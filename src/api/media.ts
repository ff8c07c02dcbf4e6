import type { Meta } from '../../contract/envelope';
import type { Media, MediaSearchResult } from '../../contract/media';
import { call } from './client';

export interface MediaSearchParams {
  mediaTypes: readonly string[];
  lifestyle: string;
  zips: readonly string[];
  search?: string;
  page?: number;
  perPage?: number;
}

export interface MediaSearchPage extends MediaSearchResult {
  total: number;
  page: number;
  pages: number;
  perPage: number;
  /** The API's explanation when nothing matched, e.g. an unknown zip code. */
  message: string;
}

/**
 * POST /media/search with query media_types[], lifestyle, zip[]. As SPEC section 8 says, a failure
 * is logged and answers nothing (undefined); the page shows its own message for that.
 */
export async function searchMedia(params: MediaSearchParams): Promise<MediaSearchPage | undefined> {
  try {
    const answer = await call<MediaSearchResult>('/media/search', {
      method: 'post',
      query: {
        media_types: params.mediaTypes,
        lifestyle: params.lifestyle,
        zip: params.zips,
        search: params.search,
        page: params.page,
        per_page: params.perPage,
      },
    });
    if (!answer.success || !answer.data) throw new Error(answer.message || 'Error searching media');
    const meta: Meta = answer.meta;
    return {
      ...answer.data,
      total: meta.total ?? answer.data.items.length,
      page: meta.page ?? 1,
      pages: meta.pages ?? 1,
      perPage: meta.per_page ?? answer.data.items.length,
      message: answer.message,
    };
  } catch (error) {
    console.error('Error searching media:', error);
    return undefined;
  }
}

/** GET /media/{mediacode} → data; throws "Error fetching media" when it fails (SPEC section 8). */
export async function fetchMedia(mediacode: string): Promise<Media> {
  const answer = await call<Media>(`/media/${encodeURIComponent(mediacode)}`);
  if (!answer.success || !answer.data) {
    throw new Error('Error fetching media', { cause: { status: answer.status, message: answer.message } });
  }
  return answer.data;
}
