import { describe, expect, it } from 'vitest';
import type { SalesReport, SalesRow } from '../../contract/adminReports';
import { salesCsv } from '../../server/admin/reportCsv';
import { csvCell, csvNumber } from '../../server/orders/csv';

/** The reports' CSV: amounts and counts are numbers a spreadsheet adds up, negative ones too. */
describe('the reports CSV', () => {
  it('writes a number cell as it is, a negative one without the formula guard', () => {
    expect(csvCell(csvNumber(-120, 2))).toBe('-120.00');
    expect(csvCell(csvNumber(1234.5, 2))).toBe('1234.50');
    expect(csvCell(csvNumber(7))).toBe('7');
    expect(csvCell(csvNumber(Number.NaN, 2))).toBe('');
    // The same characters as free text are still guarded.
    expect(csvCell('-120.00')).toBe("'-120.00");
  });

  it('keeps a month whose refunds exceed the money received a number in the sales CSV', () => {
    const row = (key: string, collected: number): SalesRow => ({
      key,
      label: key,
      orders: 2,
      booked_cents: 100_000,
      cancelled_cents: 0,
      net_cents: 100_000,
      delivered_cents: 0,
      collected_cents: collected,
    });
    const report: SalesReport = {
      from: '2027-01',
      to: '2027-02',
      by: 'month',
      rows: [row('2027-01', 50_000), row('2027-02', -12_000)],
      totals: { ...row('total', 38_000), label: '=Total' },
    };
    expect(salesCsv(report).split('\r\n')).toEqual([
      'Month,Orders,Booked,Cancelled,Net,Delivered,Collected',
      '2027-01,2,1000.00,0.00,1000.00,0.00,500.00',
      '2027-02,2,1000.00,0.00,1000.00,0.00,-120.00',
      "'=Total,2,1000.00,0.00,1000.00,0.00,380.00",
      '',
    ]);
  });
});
