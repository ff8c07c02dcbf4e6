import type { BriefFileRole, DesignView } from '../../contract/design';
import type { BriefDraft } from '../../machines/orders/proofRound.machine';
import { call } from './client';
import { dataOf } from './result';

/** A design order's brief and proof round (issue 31): each call answers the round as it is now. */

const designPath = (number: string) => `/orders/${encodeURIComponent(number)}/design`;

/** GET /orders/{number}/design. */
export const fetchDesign = async (number: string) =>
  dataOf(await call<DesignView>(designPath(number), { auth: true }), 'The design brief could not be loaded.');

/** PUT /orders/{number}/design/brief: a draft, or the brief sent to the studio (`submit`). */
export const saveBrief = async (number: string, brief: BriefDraft, submit: boolean) =>
  dataOf(
    await call<DesignView>(`${designPath(number)}/brief`, {
      method: 'put',
      body: { ...brief, submit },
      auth: true,
    }),
    submit ? 'The brief could not be sent. Please try again.' : 'The draft could not be saved.',
  );

/** POST /orders/{number}/design/files (multipart `file`, `role`). */
export async function addBriefFile(number: string, role: BriefFileRole, file: File) {
  const form = new FormData();
  form.append('role', role);
  form.append('file', file, file.name);
  return dataOf(
    await call<DesignView>(`${designPath(number)}/files`, { method: 'post', body: form, auth: true }),
    `${file.name} could not be added. Please try again.`,
  );
}

/** DELETE /orders/{number}/design/files/{id}. */
export const removeBriefFile = async (number: string, id: string) =>
  dataOf(
    await call<DesignView>(`${designPath(number)}/files/${encodeURIComponent(id)}`, {
      method: 'delete',
      auth: true,
    }),
    'The file could not be removed. Please try again.',
  );

/** POST /orders/{number}/design/proofs/{n}/approve. */
export const approveProof = async (number: string, proof: number) =>
  dataOf(
    await call<DesignView>(`${designPath(number)}/proofs/${proof}/approve`, { method: 'post', auth: true }),
    'The proof could not be approved. Please try again.',
  );

/** POST /orders/{number}/design/proofs/{n}/changes. */
export const askChanges = async (number: string, proof: number, comment: string) =>
  dataOf(
    await call<DesignView>(`${designPath(number)}/proofs/${proof}/changes`, {
      method: 'post',
      body: { comment },
      auth: true,
    }),
    'Your changes could not be sent. Please try again.',
  );
