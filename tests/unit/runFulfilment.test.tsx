import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { OrderRun } from '../../contract/orders';
import { RunFulfilment } from '../../src/features/orders/RunFulfilment';
import { parseQueueSearch } from '../../src/lib/adminSearch/ordersQueue';

/* What the customer reads of the back office's work on a run (issue 31), and the queue's address. */

const run = (fields: Partial<OrderRun>): OrderRun => ({
  label: 'March 2027 issue',
  value: '2027/03',
  starts: '2027-03-01',
  ends: '2027-03-31',
  ad_due: null,
  price: 100,
  price_formatted: '$100',
  status: 'running',
  ad_file: null,
  booking: { state: 'pending', reference: null, at: null },
  delivery: { state: 'pending', at: null, proofs: [] },
  ...fields,
});

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('a run’s booking and delivery on the customer’s order page', () => {
  it('says nothing while nothing is done', () => {
    expect(renderToStaticMarkup(<RunFulfilment number="AD-27-000042" run={run({})} />)).toBe('');
  });

  it('shows the publisher’s reference, the delivery day and a link to each proof', () => {
    const html = renderToStaticMarkup(
      <RunFulfilment
        number="AD-27-000042"
        run={run({
          booking: { state: 'confirmed', reference: 'CHI-4471', at: '2027-01-12T15:00:00.000Z' },
          delivery: {
            state: 'delivered',
            at: '2027-03-05T15:00:00.000Z',
            proofs: [
              {
                id: 'p1',
                kind: 'tear-sheet',
                label: 'tear sheet',
                name: 'march.pdf',
                details: null,
                url: '/api/v1/orders/AD-27-000042/runs/2027%2F03/proofs/p1',
              },
            ],
          },
        })}
      />,
    );
    expect(text(html)).toContain('Booked with reference CHI-4471 on Jan 12, 2027');
    expect(text(html)).toContain('Delivered on Mar 5, 2027');
    expect(html).toContain('href="/api/v1/orders/AD-27-000042/runs/2027%2F03/proofs/p1"');
    expect(text(html)).toContain('View tear sheet');
    expect(html).toContain('aria-label="Download tear sheet march.pdf"');
  });
});

describe('the orders queue’s filters in the address', () => {
  it('keeps what the queue can use, the search as typed, and drops the rest', () => {
    expect(
      parseQueueSearch({
        q: 'lakeside ',
        status: 'to-book',
        channel: 'printmag',
        due_from: '2027-01-22',
        due_to: 'soon',
        needs_attention: 'yes',
        no_approved_file: 'no',
        page: '2',
      }),
    ).toEqual({
      q: 'lakeside ',
      status: 'to-book',
      channel: 'printmag',
      due_from: '2027-01-22',
      needs_attention: 'yes',
      page: 2,
    });
    expect(parseQueueSearch({ q: '  ', status: 'lost', channel: 'radio', page: '0' })).toEqual({});
  });
});
