import { describe, expect, it } from 'vitest';
import type { OrderRun } from '../../contract/orders';
import { firstRunOf, remainingRuns } from '../../src/features/orders/UseForRemaining';

/** A run of a four-issue order with the ad file the order page shows for it. */
const run = (value: string, ad: OrderRun['ad_file'], daysLeft = 10) =>
  ({ value, ad_file: ad, ad_due: { date: '2027-01-01', days_left: daysLeft } }) as unknown as OrderRun;
const file = (id: string) => ({ id, name: `${id}.pdf` });

describe('Use for every remaining run (found by review)', () => {
  const runs = [
    run('2027/01', { state: 'ready', file: file('a'), problems: [], note: null, approval: null }),
    run('2027/02', { state: 'ready', file: file('a'), problems: [], note: null, approval: null }),
    run('2027/03', { state: 'missing', file: null, problems: [], note: null, approval: null }),
    run('2027/04', { state: 'ready', file: file('b'), problems: [], note: null, approval: null }),
    run('2027/05', {
      state: 'attention',
      file: file('c'),
      problems: ['Too small'],
      note: null,
      approval: null,
    }),
    run('2027/06', { state: 'missing', file: null, problems: [], note: null, approval: null }, -1),
  ];

  it('offers only the runs the file does not serve yet and no other file settles, not due yet', () => {
    expect(remainingRuns(runs, 'a').map((r) => r.value)).toEqual(['2027/03', '2027/05']);
  });

  it('is shown once per file, on the first run it serves', () => {
    expect(firstRunOf(runs, 'a')).toBe('2027/01');
    expect(firstRunOf(runs, 'b')).toBe('2027/04');
    expect(firstRunOf(runs, 'z')).toBeNull();
  });

  it('offers nothing once the file serves every remaining run', () => {
    const after = runs.map((r) =>
      r.value === '2027/03' || r.value === '2027/05'
        ? {
            ...r,
            ad_file: { state: 'ready' as const, file: file('a'), problems: [], note: null, approval: null },
          }
        : r,
    );
    expect(remainingRuns(after, 'a')).toEqual([]);
  });
});
