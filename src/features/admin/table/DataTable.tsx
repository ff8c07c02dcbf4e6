import {
  type ColumnDef,
  createColumnHelper,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The back office's tables (placements, orders, ad files, audit, staff). TanStack Table keeps the
 * columns and the sort state headless; filtering, sorting and paging happen on the server (the lists
 * span every company), so no row model sorts or pages here: a click on a sortable header asks the
 * list (its machine) for the other order through `onSort`.
 */
const adminTableFeatures = tableFeatures({ rowSortingFeature });
type Features = typeof adminTableFeatures;

/** The column helper of a table of `Row`s: `columnsOf<Row>().accessor('name', { header: 'Name' })`. */
export const columnsOf = <Row extends RowData>() => createColumnHelper<Features, Row>();

export interface TableSort {
  /** A column id the server sorts by. */
  by: string;
  dir: 'asc' | 'desc';
}

interface DataTableProps<Row extends RowData> {
  /** The table's name, read first by a screen reader (the tests find a table by it). */
  caption: string;
  // biome-ignore lint/suspicious/noExplicitAny: TanStack's own column list type takes each column's value type.
  columns: ColumnDef<Features, Row, any>[];
  rows: readonly Row[];
  rowId: (row: Row) => string;
  sort?: TableSort;
  /** The columns the server can sort by; the others have a plain header. */
  sortable?: readonly string[];
  onSort?: (sort: TableSort) => void;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  /** A request for other rows is under way: the rows shown are the last ones. */
  busy?: boolean;
}

const ariaSort = (dir: false | 'asc' | 'desc') =>
  dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none';

/**
 * A real `<table>` with a caption and sortable column headers (buttons, with `aria-sort`); under
 * 640 px each row is a card, its cells labelled by their column's header.
 */
export function DataTable<Row extends RowData>({
  caption,
  columns,
  rows,
  rowId,
  sort,
  sortable = [],
  onSort,
  empty,
  busy = false,
}: DataTableProps<Row>) {
  const sorting: SortingState = sort ? [{ id: sort.by, desc: sort.dir === 'desc' }] : [];
  const table = useTable({
    features: adminTableFeatures,
    columns,
    data: rows as Row[],
    getRowId: (row) => rowId(row),
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first && onSort) onSort({ by: first.id, dir: first.desc ? 'desc' : 'asc' });
    },
  });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];

  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm" aria-busy={busy}>
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden border-b border-primary-100 sm:table-header-group">
          <tr>
            {headers.map((header) => {
              const canSort = sortable.includes(header.column.id) && onSort !== undefined;
              const dir = header.column.getIsSorted();
              return (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={canSort ? ariaSort(dir) : undefined}
                  className="px-3 py-2 font-semibold text-ink-muted"
                >
                  {canSort ? (
                    <button
                      type="button"
                      onClick={() => onSort?.({ by: header.column.id, dir: dir === 'asc' ? 'desc' : 'asc' })}
                      className="inline-flex items-center gap-1 rounded-button hover:text-primary-700 focus-visible:outline-2 focus-visible:outline-primary-600"
                    >
                      <table.FlexRender header={header} />
                      {dir === 'asc' ? (
                        <ArrowUp aria-hidden="true" className="size-4" />
                      ) : dir === 'desc' ? (
                        <ArrowDown aria-hidden="true" className="size-4" />
                      ) : (
                        <ArrowUpDown aria-hidden="true" className="size-4 opacity-50" />
                      )}
                    </button>
                  ) : (
                    <table.FlexRender header={header} />
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={busy ? 'opacity-60' : undefined}>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={headers.length || 1} className="px-3 py-6 text-center text-ink-muted">
                {empty}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                className="mb-3 block rounded-card border border-primary-100 p-3 sm:mb-0 sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:p-0"
              >
                {row.getAllCells().map((cell, i) => (
                  <td key={cell.id} className="flex gap-2 py-1 sm:table-cell sm:px-3 sm:py-2">
                    <span aria-hidden="true" className="w-28 shrink-0 font-semibold text-ink-muted sm:hidden">
                      {typeof headers[i]?.column.columnDef.header === 'string'
                        ? headers[i]?.column.columnDef.header
                        : null}
                    </span>
                    <span className="min-w-0">
                      <table.FlexRender cell={cell} />
                    </span>
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
