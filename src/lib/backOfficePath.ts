/** The back office (/admin) is the staff's: it draws its own frame and has no customer chat or analytics. */
export const isBackOfficePath = (pathname: string): boolean =>
  pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * Whether a move inside the app crosses into or out of the back office. The app starts the customer
 * chat and analytics or not once, for the side it opened on (src/system/app.ts), so such a move loads
 * the page afresh instead.
 */
export const crossesBackOffice = (from: string | undefined, to: string): boolean =>
  from !== undefined && isBackOfficePath(from) !== isBackOfficePath(to);
