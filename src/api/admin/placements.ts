import type {
  AdminMarkets,
  AdminPlacement,
  PlacementRow,
  PlacementSaveOutcome,
  PlacementSaveRequest,
  PlacementsQuery,
  placementConflict,
} from '../../../contract/adminCatalogue';
import { type Paged, pageOf, type Result, refusalOf, toResult } from '../result';
import { adminEnvelope } from './client';

/** A page of the placements table, with where it sits among the pages. */
export type PlacementsPage = Paged<'rows', PlacementRow>;

const placementPath = (code: string) => `/placements/${encodeURIComponent(code)}`;

/** GET /admin/placements with the table's search, filters, order and page. */
export async function fetchPlacements(query: PlacementsQuery): Promise<Result<PlacementsPage>> {
  const answer = await adminEnvelope<PlacementRow[]>('/placements', {
    query: { ...query, page: Number(query.page ?? 1) },
  });
  const result = toResult(answer);
  if (!result.ok) return result;
  const rows = result.data;
  return { ...result, data: { rows, ...pageOf(answer.meta, { page: 1, total: rows.length }) } };
}

export const fetchPlacement = async (mediacode: string): Promise<Result<AdminPlacement>> =>
  toResult(await adminEnvelope<AdminPlacement>(placementPath(mediacode)));

export const fetchMarkets = async (): Promise<Result<AdminMarkets>> =>
  toResult(await adminEnvelope<AdminMarkets>('/markets'));

/**
 * POST /admin/placements (new) or PATCH /admin/placements/{code} with the version the editor started
 * from: saved, refused by field (422), or someone else's newer save (409). Any other answer is a
 * refusal of the call itself.
 */
export async function savePlacement(request: PlacementSaveRequest): Promise<Result<PlacementSaveOutcome>> {
  const answer =
    request.mediacode === null
      ? await adminEnvelope<AdminPlacement>('/placements', { method: 'post', body: request.draft })
      : await adminEnvelope<
          AdminPlacement | { current: AdminPlacement } | { errors: Record<string, string> }
        >(placementPath(request.mediacode), {
          method: 'patch',
          body: { ...request.draft, version: request.version },
        });
  const outcome = (value: PlacementSaveOutcome): Result<PlacementSaveOutcome> => ({
    ok: true,
    data: value,
    message: answer.message,
  });
  if (answer.success && answer.data && 'mediacode' in answer.data)
    return outcome({ kind: 'saved', placement: answer.data });
  const data = answer.data as Partial<typeof placementConflict._output> & { errors?: Record<string, string> };
  if (answer.status === 409 && data?.current)
    return outcome({ kind: 'conflict', message: answer.message, theirs: data.current });
  if (answer.status === 422 || answer.status === 409 || answer.status === 400)
    return outcome({ kind: 'invalid', message: answer.message, errors: data?.errors ?? {} });
  return refusalOf(answer);
}

/** POST /admin/placements/{code}/images: the picture, resized by the server; the placement after. */
export async function addPlacementImage(mediacode: string, file: File): Promise<Result<AdminPlacement>> {
  const form = new FormData();
  form.append('image', file);
  return toResult(
    await adminEnvelope<AdminPlacement>(`${placementPath(mediacode)}/images`, { method: 'post', body: form }),
  );
}

export const removePlacementImage = async (mediacode: string, id: string): Promise<Result<AdminPlacement>> =>
  toResult(
    await adminEnvelope<AdminPlacement>(`${placementPath(mediacode)}/images/${encodeURIComponent(id)}`, {
      method: 'delete',
    }),
  );
