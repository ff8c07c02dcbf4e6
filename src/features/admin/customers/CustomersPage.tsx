import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import type { CompaniesQuery, CompanyRow } from '../../../../contract/adminCompanies';
import { PAYMENT_TERMS_LABELS } from '../../../../contract/paymentTerms';
import { adminHref } from '../../../lib/adminSearch/address';
import type { CustomersSearch } from '../../../lib/adminSearch/customers';
import { companiesListLogic } from '../../../system/admin/customers';
import { useKeyedRequest } from '../../../system/hooks/request';
import { Button } from '../../../ui/Button';
import { FormAlert } from '../../../ui/form/FormAlert';
import { PageMeta } from '../../../ui/PageMeta';
import { Pager } from '../../../ui/Pager';
import { SiteLink } from '../../../ui/SiteLink';
import { columnsOf, DataTable } from '../table/DataTable';

const queryOf = (search: CustomersSearch): CompaniesQuery => ({
  page: search.page ?? 1,
  ...(search.q ? { q: search.q } : {}),
});

const column = columnsOf<CompanyRow>();
const COLUMNS = [
  column.accessor('name', {
    header: 'Company',
    cell: (info) => (
      <SiteLink
        href={`/admin/customers/${info.row.original.coid}`}
        className="font-semibold text-primary-700 underline"
      >
        {info.getValue()}
      </SiteLink>
    ),
  }),
  column.accessor('people', { header: 'People' }),
  column.accessor('orders', { header: 'Orders' }),
  column.accessor((row) => PAYMENT_TERMS_LABELS[row.payment_terms], { id: 'terms', header: 'Terms' }),
  column.accessor((row) => row.credit_limit?.formatted ?? 'None', { id: 'limit', header: 'Credit limit' }),
  column.accessor((row) => row.rep?.name ?? '—', { id: 'rep', header: 'Rep' }),
  column.accessor((row) => new Date(row.created_at).toLocaleDateString('en-US'), {
    id: 'since',
    header: 'Customer since',
  }),
];

const inputClasses = 'h-10 rounded-xl border-2 border-primary-100 bg-white px-2 text-sm text-ink';

/** What is typed is sent on "Search" (or Enter). */
function SearchForm({ words, onSearch }: { words: string; onSearch: (q: string | undefined) => void }) {
  const [typed, setTyped] = useState(words);
  const searchFor = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed.trim() || undefined);
  };
  return (
    <form onSubmit={searchFor} className="flex flex-wrap items-end gap-2">
      <label className="grid gap-1 text-sm font-semibold text-ink">
        Search customers
        <input
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder="Company, person, e-mail"
          className={`${inputClasses} w-64 max-w-full`}
        />
      </label>
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
}

/** /admin/customers: the companies (a rep's own only), searched and paged by the server. */
export function CustomersPage({ search }: { search: CustomersSearch }) {
  const navigate = useNavigate();
  const { data: answer, status, error, retry } = useKeyedRequest(companiesListLogic, queryOf(search));
  return (
    <div className="grid gap-6">
      <PageMeta title="Customers · Back office" />
      <h1 className="text-2xl font-bold text-ink">Customers</h1>
      {/* A new address (back, forward, a link) starts the box again from its words. */}
      <SearchForm
        key={search.q ?? ''}
        words={search.q ?? ''}
        onSearch={(q) => void navigate({ href: adminHref('/admin/customers', { q }) })}
      />
      {error ? (
        <div className="flex flex-wrap items-center gap-3">
          <FormAlert tone="error">{error}</FormAlert>
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        </div>
      ) : null}
      {/* A first load that failed shows its error only: an empty table saying "Loading" would contradict it. */}
      {error && !answer ? null : (
        <DataTable
          caption="Customers"
          columns={COLUMNS}
          rows={answer?.rows ?? []}
          rowId={(row) => row.coid}
          busy={status === 'pending'}
          empty={answer ? 'No customer matches this search.' : 'Loading customers…'}
        />
      )}
      {answer ? (
        <Pager
          page={answer.page}
          pages={answer.pages}
          hrefOf={(page) => adminHref('/admin/customers', { ...search, page: page > 1 ? page : undefined })}
        />
      ) : null}
    </div>
  );
}
