import type { DesignView } from '../../../contract/design';
import { type Result, toResult } from '../result';
import { adminEnvelope } from './client';

const designPath = (number: string) => `/orders/${encodeURIComponent(number)}/design`;

/** GET /admin/orders/{number}/design: the brief and the proofs. */
export const fetchAdminDesign = async (number: string): Promise<Result<DesignView>> =>
  toResult(await adminEnvelope<DesignView>(designPath(number)));

/** POST /admin/orders/{number}/design/proofs (multipart `file`, `note`). */
export async function uploadProof(number: string, file: File, note: string): Promise<Result<DesignView>> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('note', note);
  return toResult(
    await adminEnvelope<DesignView>(`${designPath(number)}/proofs`, { method: 'post', body: form }),
  );
}
