import { describe, expect, it } from 'vitest';
import { shownNumberText } from '../../src/features/admin/placements/fields';

/* The placement editor's number fields (issue 31): what is typed stays while it means the form's number. */
describe('a number field of the placement editor', () => {
  it('keeps a price with cents as it is typed', () => {
    expect(shownNumberText('12.', 12)).toBe('12.');
    expect(shownNumberText('12.5', 12.5)).toBe('12.5');
    expect(shownNumberText('12.50', 12.5)).toBe('12.50');
  });

  it('stays empty when cleared, though the form holds 0', () => {
    expect(shownNumberText('', 0)).toBe('');
  });

  it('shows the form’s number once the form changes from elsewhere (loaded, their version)', () => {
    expect(shownNumberText('12.', 4700)).toBe('4700');
    expect(shownNumberText('', 15)).toBe('15');
  });
});
