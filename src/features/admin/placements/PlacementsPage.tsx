import { useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { createActor } from 'xstate';
import type { PlacementRow, PlacementsQuery } from '../../../../contract/adminCatalogue';
import { MEDIA_TYPES } from '../../../../contract/mediaTypes';
import { adminHref } from '../../../lib/adminSearch/address';
import type { PlacementsSearch } from '../../../lib/adminSearch/placements';
import { mediaLabel } from '../../../lib/channels';
import { useLoadedApp } from '../../../system/AppContext';
import { marketsLogic, placementsListLogic } from '../../../system/admin/placements';
import { useKeyedRequest, useRequestData } from '../../../system/hooks/request';
import { useFlowActor } from '../../../system/hooks/useFlowActor';
import { Button, buttonClasses } from '../../../ui/Button';
import { FormAlert } from '../../../ui/form/FormAlert';
import { Pager } from '../../../ui/Pager';
import { SiteLink } from '../../../ui/SiteLink';
import { columnsOf, DataTable, type TableSort } from '../table/DataTable';

/** What the table asks the server for. */
const queryOf = (search: PlacementsSearch): PlacementsQuery => ({
  sort: search.sort ?? 'name',
  dir: search.dir ?? 'asc',
  page: search.page ?? 1,
  ...(search.q ? { q: search.q } : {}),
  ...(search.channel ? { channel: search.channel } : {}),
  ...(search.market ? { market: search.market } : {}),
  ...(search.published ? { published: search.published } : {}),
});

const column = columnsOf<PlacementRow>();
const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 2,
});
const COLUMNS = [
  column.accessor('mediacode', {
    header: 'Code',
    cell: (info) => (
      <SiteLink
        href={`/admin/placements/${info.getValue()}`}
        className="font-semibold text-primary-700 underline"
      >
        {info.getValue()}
      </SiteLink>
    ),
  }),
  column.accessor('name', { header: 'Name' }),
  column.accessor((row) => mediaLabel(row.media_type), { id: 'channel', header: 'Channel' }),
  column.accessor('market', { header: 'Market' }),
  column.accessor((row) => `${dollars.format(row.unit_price)} ${row.unit_label}`, {
    id: 'price',
    header: 'Price',
  }),
  column.accessor((row) => (row.published ? 'Published' : 'Not published'), {
    id: 'published',
    header: 'Shop',
  }),
  column.accessor((row) => (row.updated_at ? new Date(row.updated_at).toLocaleDateString('en-US') : '—'), {
    id: 'updated',
    header: 'Edited',
  }),
];
const SORTABLE = ['mediacode', 'name', 'market', 'price', 'updated'] as const;

const selectClasses = 'h-10 rounded-xl border-2 border-primary-100 bg-white px-2 text-sm text-ink';

/** One filter of the table: a labelled select whose empty value means "any". */
function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string | undefined) => void;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <label className="grid gap-1 text-sm font-semibold text-ink">
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value || undefined)}
        className={`${selectClasses} max-w-56`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The placements' search box: what is typed is sent on "Search" (or Enter). */
function SearchForm({ words, onSearch }: { words: string; onSearch: (q: string | undefined) => void }) {
  const [typed, setTyped] = useState(words);
  const searchFor = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed.trim() || undefined);
  };
  return (
    <form onSubmit={searchFor} className="flex items-end gap-2">
      <label className="grid gap-1 text-sm font-semibold text-ink">
        Search placements
        <input
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder="Name, code or market"
          className={`${selectClasses} w-64`}
        />
      </label>
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
}

/** /admin/placements: every placement, published or not, searched, filtered, sorted and paged by the server. */
export function PlacementsPage({ search }: { search: PlacementsSearch }) {
  const navigate = useNavigate();
  const app = useLoadedApp();
  const markets = useFlowActor(() =>
    createActor(marketsLogic(), { ...app.actorOptions, input: { key: 'markets' } }),
  );
  const { data: answer, status, error, retry } = useKeyedRequest(placementsListLogic, queryOf(search));
  const marketList = useRequestData(markets) ?? [];

  // Any change of filter starts again from the first page.
  const go = (change: PlacementsSearch) =>
    navigate({ href: adminHref('/admin/placements', { ...search, ...change, page: undefined }) });
  const sort: TableSort = { by: search.sort ?? 'name', dir: search.dir ?? 'asc' };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">Placements</h1>
        <SiteLink href="/admin/placements/new" className={buttonClasses('primary')}>
          <Plus aria-hidden="true" className="size-4" /> New placement
        </SiteLink>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        {/* A new address (back, forward, a link) starts the box again from its words. */}
        <SearchForm key={search.q ?? ''} words={search.q ?? ''} onSearch={(q) => go({ q })} />
        <FilterSelect
          label="Channel"
          value={search.channel ?? ''}
          onChange={(value) => go({ channel: value as PlacementsSearch['channel'] })}
          options={[
            { value: '', label: 'All channels' },
            ...MEDIA_TYPES.map((type) => ({
              value: type,
              label: mediaLabel(type, type === 'digital' ? 'google' : null),
            })),
          ]}
        />
        <FilterSelect
          label="Market"
          value={search.market ?? ''}
          onChange={(value) => go({ market: value })}
          options={[
            { value: '', label: 'All markets' },
            ...marketList.map((market) => ({ value: market.prodcode, label: market.name })),
          ]}
        />
        <FilterSelect
          label="Published"
          value={search.published ?? ''}
          onChange={(value) => go({ published: value as PlacementsSearch['published'] })}
          options={[
            { value: '', label: 'Published or not' },
            { value: 'yes', label: 'Published' },
            { value: 'no', label: 'Not published' },
          ]}
        />
      </div>
      {error ? (
        <div className="flex flex-wrap items-center gap-3">
          <FormAlert tone="error">{error}</FormAlert>
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        </div>
      ) : null}
      <DataTable
        caption="Placements"
        columns={COLUMNS}
        rows={answer?.rows ?? []}
        rowId={(row) => row.mediacode}
        sort={sort}
        sortable={SORTABLE}
        onSort={(next) =>
          go({
            sort: next.by === 'name' ? undefined : (next.by as PlacementsSearch['sort']),
            dir: next.dir === 'desc' ? 'desc' : undefined,
          })
        }
        busy={status === 'pending'}
        empty={answer ? 'No placement matches this search.' : 'Loading placements…'}
      />
      {answer ? (
        <Pager
          page={answer.page}
          pages={answer.pages}
          hrefOf={(page) => adminHref('/admin/placements', { ...search, page: page > 1 ? page : undefined })}
        />
      ) : null}
    </div>
  );
}
