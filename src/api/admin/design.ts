import type { DesignView } from '../../../contract/design';
import { dataOf } from '../result';
import { adminEnvelope } from './client';

const designPath = (number: string) => `/orders/${encodeURIComponent(number)}/design`;

/** GET /admin/orders/{number}/design: the brief and the proofs. */
export const fetchAdminDesign = async (number: string) =>
  dataOf(await adminEnvelope<DesignView>(designPath(number)), 'The design brief could not be loaded.');

/** POST /admin/orders/{number}/design/proofs (multipart `file`, `note`). */
export async function uploadProof(number: string, file: File, note: string) {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('note', note);
  return dataOf(
    await adminEnvelope<DesignView>(`${designPath(number)}/proofs`, { method: 'post', body: form }),
    'The proof could not be uploaded. Please try again.',
  );
}
