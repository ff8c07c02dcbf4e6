import type { BriefBody, BriefFileRole, DesignView } from '../../contract/design';
import { call } from './client';
import { type Result, toResult } from './result';

/** A design order's brief and proof round (issue 31): each call answers the round as it is now. */

const designPath = (number: string) => `/orders/${encodeURIComponent(number)}/design`;

/** GET /orders/{number}/design. */
export const fetchDesign = async (number: string): Promise<Result<DesignView>> =>
  toResult(await call<DesignView>(designPath(number), { auth: true }));

/** PUT /orders/{number}/design/brief: a draft, or the brief sent to the studio (`submit`). */
export const saveBrief = async (
  number: string,
  brief: Omit<BriefBody, 'submit'>,
  submit: boolean,
): Promise<Result<DesignView>> =>
  toResult(
    await call<DesignView>(`${designPath(number)}/brief`, {
      method: 'put',
      body: { ...brief, submit },
      auth: true,
    }),
  );

/** POST /orders/{number}/design/files (multipart `file`, `role`). */
export async function addBriefFile(
  number: string,
  role: BriefFileRole,
  file: File,
): Promise<Result<DesignView>> {
  const form = new FormData();
  form.append('role', role);
  form.append('file', file, file.name);
  return toResult(
    await call<DesignView>(`${designPath(number)}/files`, { method: 'post', body: form, auth: true }),
  );
}

/** DELETE /orders/{number}/design/files/{id}. */
export const removeBriefFile = async (number: string, id: string): Promise<Result<DesignView>> =>
  toResult(
    await call<DesignView>(`${designPath(number)}/files/${encodeURIComponent(id)}`, {
      method: 'delete',
      auth: true,
    }),
  );

/** POST /orders/{number}/design/proofs/{n}/approve. */
export const approveProof = async (number: string, proof: number): Promise<Result<DesignView>> =>
  toResult(
    await call<DesignView>(`${designPath(number)}/proofs/${proof}/approve`, { method: 'post', auth: true }),
  );

/** POST /orders/{number}/design/proofs/{n}/changes. */
export const askChanges = async (
  number: string,
  proof: number,
  comment: string,
): Promise<Result<DesignView>> =>
  toResult(
    await call<DesignView>(`${designPath(number)}/proofs/${proof}/changes`, {
      method: 'post',
      body: { comment },
      auth: true,
    }),
  );
