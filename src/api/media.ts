import type { Meta } from '../../contract/envelope';
import type { Media, MediaSearchResult } from '../../contract/media';
import { call } from './client';
import { type Result, toResult } from './result';

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
 * POST /media/search with query media_types[], lifestyle, zip[]: a page of hits, with the paging the
 * answer's meta gives (src/system/mediaCalls.ts logs a failure, as SPEC section 8 says).
 */
export async function searchMedia(params: MediaSearchParams): Promise<Result<MediaSearchPage>> {
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
  const result = toResult(answer);
  if (!result.ok) return result;
  const meta: Meta = answer.meta;
  const data = result.data;
  return {
    ...result,
    data: {
      ...data,
      total: meta.total ?? data.items.length,
      page: meta.page ?? 1,
      pages: meta.pages ?? 1,
      perPage: meta.per_page ?? data.items.length,
      message: answer.message,
    },
  };
}

/** GET /media/{mediacode}. */
export const fetchMedia = async (mediacode: string): Promise<Result<Media>> =>
  toResult(await call<Media>(`/media/${encodeURIComponent(mediacode)}`));
