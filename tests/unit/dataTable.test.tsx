import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { columnsOf, DataTable } from '../../src/features/admin/table/DataTable';

/* The back office's shared table (issue 31): TanStack Table headless, sorting asked of the server. */

interface Row {
  code: string;
  name: string;
}
const column = columnsOf<Row>();
const columns = [
  column.accessor('code', { header: 'Code' }),
  column.accessor('name', { header: 'Name', cell: (info) => <strong>{info.getValue()}</strong> }),
];

describe('DataTable', () => {
  it('draws a captioned table, its sortable headers with aria-sort, and each row', () => {
    const html = renderToStaticMarkup(
      <DataTable
        caption="Placements"
        columns={columns}
        rows={[
          { code: 'PM501-01', name: 'Lake Life' },
          { code: 'TV501-01', name: 'WLAK' },
        ]}
        rowId={(row) => row.code}
        sort={{ by: 'name', dir: 'desc' }}
        sortable={['code', 'name']}
        onSort={() => {}}
        empty="No placements match."
      />,
    );
    expect(html).toContain('<caption class="sr-only">Placements</caption>');
    expect(html).toMatch(/<th scope="col" aria-sort="none"[^>]*><button[^>]*>Code/);
    expect(html).toMatch(/<th scope="col" aria-sort="descending"[^>]*><button[^>]*>Name/);
    expect(html).toContain('<strong>Lake Life</strong>');
    expect(html).toContain('TV501-01');
  });

  it('says so when there are no rows', () => {
    const html = renderToStaticMarkup(
      <DataTable
        caption="Placements"
        columns={columns}
        rows={[]}
        rowId={(row) => row.code}
        empty="No placements match."
      />,
    );
    expect(html).toContain('No placements match.');
    expect(html).not.toContain('aria-sort');
  });
});
