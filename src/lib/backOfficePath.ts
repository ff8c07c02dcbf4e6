/** The back office (/admin) is the staff's: it draws its own frame and has no customer chat or analytics. */
export const isBackOfficePath = (pathname: string): boolean =>
  pathname === '/admin' || pathname.startsWith('/admin/');
