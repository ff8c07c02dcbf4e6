import type { DesignView } from '../../../contract/design';
import { adminEnvelope } from './client';

const designPath = (number: string) => `/orders/${encodeURIComponent(number)}/design`;

function roundOf(answer: { success: boolean; data: DesignView | null; message: string }, fallback: string) {
  if (answer.success && answer.data) return answer.data;
  throw new Error(answer.message || fallback);
}

/** GET /admin/orders/{number}/design: the brief and the proofs. */
export const fetchAdminDesign = async (number: string) =>
  roundOf(await adminEnvelope<DesignView>(designPath(number)), 'The design brief could not be loaded.');

/** POST /admin/orders/{number}/design/proofs (multipart `file`, `note`). */
export async function uploadProof(number: string, file: File, note: string) {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('note', note);
  return roundOf(
    await adminEnvelope<DesignView>(`${designPath(number)}/proofs`, { method: 'post', body: form }),
    'The proof could not be uploaded. Please try again.',
  );
}
