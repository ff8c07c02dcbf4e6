import type {
  CompaniesQuery,
  CompanyDetail,
  CompanyPatch,
  CompanyRow,
} from '../../../contract/adminCompanies';
import {
  type CompanyAction,
  type CompanyWritten,
  type TermsDraft,
  TermsRefused,
} from '../../../machines/admin/companyPage.machine';
import { dataOf, type Paged, pageOf } from '../result';
import { adminEnvelope } from './client';

/** A page of the customers list, with where it sits among the pages. */
export type CompaniesPage = Paged<'rows', CompanyRow>;

const companyPath = (coid: string) => `/companies/${encodeURIComponent(coid)}`;

/** GET /admin/companies?q=&page=. */
export async function fetchCompanies(query: CompaniesQuery): Promise<CompaniesPage> {
  const answer = await adminEnvelope<CompanyRow[]>('/companies', {
    query: { ...query, page: Number(query.page ?? 1) },
  });
  const rows = dataOf(answer, 'The customers could not be loaded. Please try again.');
  return { rows, ...pageOf(answer.meta, { page: 1, total: rows.length }) };
}

/** GET /admin/companies/{coid}. */
export async function fetchCompany(coid: string): Promise<CompanyDetail> {
  return dataOf(
    await adminEnvelope<CompanyDetail>(companyPath(coid)),
    'The company could not be loaded. Please try again.',
  );
}

/** The typed terms as the API takes them: dollars, or null for no limit; a rep's id, or null. */
export function patchOf(draft: TermsDraft): CompanyPatch {
  const limit = draft.credit_limit.replace(/[$,\s]/g, '');
  return {
    payment_terms: draft.payment_terms,
    credit_limit: limit === '' ? null : Number(limit),
    rep: draft.rep || null,
  };
}

/** The answer of a write: the company after it and the server's sentence, or why not. */
function writtenOf(
  answer: Awaited<ReturnType<typeof adminEnvelope<CompanyDetail>>>,
  fallback: string,
): CompanyWritten {
  if (answer.success && answer.data) return { company: answer.data, message: answer.message };
  const errors = (answer.data as { errors?: Record<string, string> } | null)?.errors ?? {};
  throw new TermsRefused(answer.message || fallback, errors);
}

/** PATCH /admin/companies/{coid}: the terms, the credit limit and the rep. */
export async function saveTerms(coid: string, draft: TermsDraft): Promise<CompanyWritten> {
  const limit = draft.credit_limit.replace(/[$,\s]/g, '');
  if (limit !== '' && !Number.isFinite(Number(limit)))
    throw new TermsRefused('Check the credit limit.', {
      credit_limit: 'The credit limit is an amount in dollars, like 5000, or empty for none.',
    });
  return writtenOf(
    await adminEnvelope<CompanyDetail>(companyPath(coid), { method: 'patch', body: patchOf(draft) }),
    'The terms could not be saved. Please try again.',
  );
}

/** Resends an invitation, disables or enables a person. */
export async function companyAction(coid: string, action: CompanyAction | null): Promise<CompanyWritten> {
  if (!action) throw new Error('There is nothing to do.');
  const answer =
    action.kind === 'resend'
      ? await adminEnvelope<CompanyDetail>(
          `${companyPath(coid)}/invitations/${encodeURIComponent(action.invitation)}/resend`,
          { method: 'post' },
        )
      : await adminEnvelope<CompanyDetail>(
          `${companyPath(coid)}/people/${encodeURIComponent(action.person)}`,
          {
            method: 'patch',
            body: { disabled: action.kind === 'disable' },
          },
        );
  return writtenOf(answer, 'That could not be done. Please try again.');
}
