import { describe, expect, it } from 'vitest';
import { crossesBackOffice } from '../../src/lib/backOfficePath';

/* The app starts chat and analytics for the side of /admin it opened on; a move across loads afresh. */
describe('a move inside the app', () => {
  it('crosses the back office’s edge from the storefront to /admin and back', () => {
    expect(crossesBackOffice('/shop/printmag', '/admin/login')).toBe(true);
    expect(crossesBackOffice('/admin/audit', '/orders/AD-27-000042')).toBe(true);
  });

  it('does not cross it within either side, nor on the first page', () => {
    expect(crossesBackOffice('/admin/orders', '/admin/placements')).toBe(false);
    expect(crossesBackOffice('/shop', '/cart')).toBe(false);
    expect(crossesBackOffice('/administration-tips', '/shop')).toBe(false);
    expect(crossesBackOffice(undefined, '/admin/orders')).toBe(false);
  });
});
