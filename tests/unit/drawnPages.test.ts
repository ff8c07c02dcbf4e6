import { describe, expect, it, vi } from 'vitest';
import { SCRIPTS_ID } from '../../contract/drawnPages';

describe('the boot script of a drawn page', () => {
  it('reads the data block the server writes', async () => {
    // boot.ts starts on import: give it a page with no block, where it does nothing.
    vi.stubGlobal('document', { visibilityState: 'hidden', getElementById: () => null });
    const { SCRIPTS_BLOCK } = await import('../../src/boot');
    vi.unstubAllGlobals();
    expect(SCRIPTS_BLOCK).toBe(SCRIPTS_ID);
  });
});
