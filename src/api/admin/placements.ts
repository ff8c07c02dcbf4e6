import type {
  AdminMarkets,
  AdminPlacement,
  PlacementRow,
  PlacementsQuery,
  placementConflict,
} from '../../../contract/adminCatalogue';
import type { SaveOutcome, SaveRequest } from '../../../machines/admin/placementEditor.machine';
import { dataOf, type Paged, pageOf } from '../result';
import { adminEnvelope } from './client';

/** A page of the placements table, with where it sits among the pages. */
export type PlacementsPage = Paged<'rows', PlacementRow>;

const placementPath = (code: string) => `/placements/${encodeURIComponent(code)}`;

/** GET /admin/placements with the table's search, filters, order and page. */
export async function fetchPlacements(query: PlacementsQuery): Promise<PlacementsPage> {
  const answer = await adminEnvelope<PlacementRow[]>('/placements', {
    query: { ...query, page: Number(query.page ?? 1) },
  });
  const rows = dataOf(answer, 'The placements could not be loaded. Please try again.');
  return { rows, ...pageOf(answer.meta, { page: 1, total: rows.length }) };
}

export async function fetchPlacement(mediacode: string): Promise<AdminPlacement> {
  return dataOf(
    await adminEnvelope<AdminPlacement>(placementPath(mediacode)),
    'The placement could not be loaded. Please try again.',
  );
}

export async function fetchMarkets(): Promise<AdminMarkets> {
  return dataOf(await adminEnvelope<AdminMarkets>('/markets'), 'The markets could not be loaded.');
}

/**
 * POST /admin/placements (new) or PATCH /admin/placements/{code} with the version the editor started
 * from: saved, refused by field (422), or someone else's newer save (409). Throws only when the
 * server could not be reached (or answered something else, with its sentence).
 */
export async function savePlacement(request: SaveRequest): Promise<SaveOutcome> {
  const answer =
    request.mediacode === null
      ? await adminEnvelope<AdminPlacement>('/placements', { method: 'post', body: request.draft })
      : await adminEnvelope<
          AdminPlacement | { current: AdminPlacement } | { errors: Record<string, string> }
        >(placementPath(request.mediacode), {
          method: 'patch',
          body: { ...request.draft, version: request.version },
        });
  if (answer.success && answer.data && 'mediacode' in answer.data)
    return { kind: 'saved', placement: answer.data };
  const data = answer.data as Partial<typeof placementConflict._output> & { errors?: Record<string, string> };
  if (answer.status === 409 && data?.current)
    return { kind: 'conflict', message: answer.message, theirs: data.current };
  if (answer.status === 422 || answer.status === 409 || answer.status === 400)
    return { kind: 'invalid', message: answer.message, errors: data?.errors ?? {} };
  throw new Error(answer.message || 'The placement could not be saved. Please try again.');
}

/** POST /admin/placements/{code}/images: the picture, resized by the server; the placement after. */
export async function addPlacementImage(mediacode: string, file: File): Promise<AdminPlacement> {
  const form = new FormData();
  form.append('image', file);
  const answer = await adminEnvelope<AdminPlacement | { errors: Record<string, string> }>(
    `${placementPath(mediacode)}/images`,
    { method: 'post', body: form },
  );
  if (answer.success && answer.data && 'mediacode' in answer.data) return answer.data;
  const errors = answer.data && 'errors' in answer.data ? answer.data.errors : {};
  throw new Error(errors.image ?? answer.message ?? 'The picture could not be added.');
}

export async function removePlacementImage(mediacode: string, id: string): Promise<AdminPlacement> {
  return dataOf(
    await adminEnvelope<AdminPlacement>(`${placementPath(mediacode)}/images/${encodeURIComponent(id)}`, {
      method: 'delete',
    }),
    'The picture could not be removed.',
  );
}
