import { describe, expect, it } from 'vitest';
import { acceptRefusal, inQueue, returnRefusal } from '../../server/admin/fileReview';
import type { ReviewedFile } from '../../server/data/fileReview';

/** A file sent for a run as the review reads it; each case changes what it is about. */
function sent(
  file: Partial<ReviewedFile['file']> = {},
  approvedOther: string | null = null,
  approvedAt: Date | null = null,
): ReviewedFile {
  return {
    file: {
      id: '6f1c2a0e-4b7d-4c3e-9a51-0d2f3e4a5b6c',
      companyId: 1,
      uploadedBy: null,
      name: 'cover.pdf',
      declaredType: 'application/pdf',
      size: 1000,
      status: 'passed',
      format: 'pdf',
      checks: [],
      oldOrderId: null,
      oldRunValue: null,
      oldApprovedAt: null,
      oldApprovedBy: null,
      sheet: null,
      thumbnail: null,
      uploadedAt: new Date('2027-01-11T09:00:00Z'),
      checkedAt: new Date('2027-01-11T09:00:01Z'),
      checkLeaseUntil: null,
      lastByteAt: null,
      review: null,
      reviewNote: null,
      reviewedBy: null,
      reviewedAt: null,
      createdAt: new Date('2027-01-11T09:00:00Z'),
      ...file,
    },
    run: { value: '2027/03', approvedAt },
    order: { number: 'AD-27-000001', cancelledAt: null } as ReviewedFile['order'],
    item: {} as ReviewedFile['item'],
    company: 'Acme',
    approvedOther,
  };
}

const warned = [{ name: 'bleed', result: 'warning', message: 'No bleed: the printer trims to the edge.' }];
const failed = [{ name: 'colour', result: 'failed', message: 'RGB colour; print needs CMYK.' }];

describe('what production may do with a file', () => {
  it('sorts files into the queues: a failed check, a warning, sent back', () => {
    expect(inQueue(sent({ status: 'attention', checks: failed }), 'attention')).toBe(true);
    expect(inQueue(sent({ status: 'attention', checks: failed }, 'other.pdf'), 'attention')).toBe(false);
    expect(inQueue(sent({ checks: warned }), 'warnings')).toBe(true);
    expect(inQueue(sent({ checks: warned }), 'attention')).toBe(false);
    expect(inQueue(sent({ checks: warned, review: 'accepted' }), 'warnings')).toBe(false);
    expect(inQueue(sent({ review: 'returned' }), 'returned')).toBe(true);
    expect(inQueue(sent(), 'all')).toBe(true);
  });

  it('accepts a failed check or a warning, once, and nothing else', () => {
    expect(acceptRefusal(sent({ status: 'attention', checks: failed }))).toBeNull();
    expect(acceptRefusal(sent({ checks: warned }))).toBeNull();
    expect(acceptRefusal(sent())).toBe('This file passed every check: there is nothing to accept.');
    expect(acceptRefusal(sent({ status: 'checking' }))).toBe('Wait for the checks to finish.');
    expect(acceptRefusal(sent({ status: 'rejected' }))).toBe(
      'The checks could not read this file: send it back so the customer sends one that opens.',
    );
    expect(acceptRefusal(sent({ checks: warned, review: 'accepted' }))).toBe(
      'This file is accepted already.',
    );
    expect(acceptRefusal(sent({ status: 'attention', checks: failed }, 'logo.pdf'))).toBe(
      'logo.pdf is already the approved ad of this run.',
    );
  });

  it('sends back any checked file once, an approved one too', () => {
    expect(returnRefusal(sent({}, null, new Date('2027-01-12T00:00:00Z')))).toBeNull();
    expect(returnRefusal(sent({ review: 'returned' }))).toBe('This file is sent back already.');
    expect(returnRefusal(sent({ status: 'uploading' }))).toBe('Wait for the checks to finish.');
  });
});
