import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../src/lib/safeRedirect';

describe('where a sign-in may send the visitor next', () => {
  it('follows paths inside the app, with their query and hash', () => {
    expect(safeRedirect('/team')).toBe('/team');
    expect(safeRedirect('/shop/tv?zip=60601#results')).toBe('/shop/tv?zip=60601#results');
  });

  it.each([
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['https://evil.example'],
    ['javascript:alert(1)'],
    [''],
    [42],
    [undefined],
  ])('refuses %j', (target) => {
    expect(safeRedirect(target)).toBeNull();
  });
});
