import { describe, expect, it } from 'vitest';
import { isSavedBy } from '../../src/features/admin/orders/openDialog';

const PROOF = { run: '2027/03', kind: 'tear-sheet' as const, file: { name: 'march.pdf', size: 2048 } };

/* The back office's order page (issue 31): which dialog an action's answer closes. */
describe('an order page dialog', () => {
  it('closes on the save of its own action', () => {
    expect(isSavedBy({ dialog: 'booking' }, { type: 'adminOrder.book', reference: 'CHI-4471' })).toBe(true);
    expect(isSavedBy({ dialog: 'cancel' }, { type: 'adminOrder.cancel' })).toBe(true);
    expect(
      isSavedBy({ dialog: 'deliver', run: '2027/03' }, { type: 'adminOrder.deliver', proof: PROOF }),
    ).toBe(true);
  });

  it('stays open when another dialog’s save answers (that dialog was closed while it saved)', () => {
    expect(isSavedBy({ dialog: 'cancel' }, { type: 'adminOrder.book', reference: 'CHI-4471' })).toBe(false);
    expect(isSavedBy({ dialog: 'booking' }, { type: 'adminOrder.note', body: 'Called the publisher' })).toBe(
      false,
    );
    expect(
      isSavedBy({ dialog: 'deliver', run: '2027/04' }, { type: 'adminOrder.deliver', proof: PROOF }),
    ).toBe(false);
    expect(isSavedBy({ dialog: 'booking' }, null)).toBe(false);
  });
});
