import type {
  CompaniesQuery,
  CompanyDetail,
  CompanyPatch,
  CompanyRow,
} from '../../../contract/adminCompanies';
import { type Paged, pageOf, type Result, toResult } from '../result';
import { adminEnvelope } from './client';

/** A page of the customers list, with where it sits among the pages. */
export type CompaniesPage = Paged<'rows', CompanyRow>;

const companyPath = (coid: string) => `/companies/${encodeURIComponent(coid)}`;

/** GET /admin/companies?q=&page=. */
export async function fetchCompanies(query: CompaniesQuery): Promise<Result<CompaniesPage>> {
  const answer = await adminEnvelope<CompanyRow[]>('/companies', {
    query: { ...query, page: Number(query.page ?? 1) },
  });
  const result = toResult(answer);
  if (!result.ok) return result;
  const rows = result.data;
  return { ...result, data: { rows, ...pageOf(answer.meta, { page: 1, total: rows.length }) } };
}

/** GET /admin/companies/{coid}. */
export const fetchCompany = async (coid: string): Promise<Result<CompanyDetail>> =>
  toResult(await adminEnvelope<CompanyDetail>(companyPath(coid)));

/** PATCH /admin/companies/{coid}: the terms, the credit limit and the rep; the company after. */
export const patchCompany = async (coid: string, patch: CompanyPatch): Promise<Result<CompanyDetail>> =>
  toResult(await adminEnvelope<CompanyDetail>(companyPath(coid), { method: 'patch', body: patch }));

/** POST /admin/companies/{coid}/invitations/{id}/resend; the company after. */
export const resendInvitation = async (coid: string, invitation: string): Promise<Result<CompanyDetail>> =>
  toResult(
    await adminEnvelope<CompanyDetail>(
      `${companyPath(coid)}/invitations/${encodeURIComponent(invitation)}/resend`,
      { method: 'post' },
    ),
  );

/** PATCH /admin/companies/{coid}/people/{id}: a person disabled or enabled; the company after. */
export const setPersonDisabled = async (
  coid: string,
  person: string,
  disabled: boolean,
): Promise<Result<CompanyDetail>> =>
  toResult(
    await adminEnvelope<CompanyDetail>(`${companyPath(coid)}/people/${encodeURIComponent(person)}`, {
      method: 'patch',
      body: { disabled },
    }),
  );
