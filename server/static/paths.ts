/* Which requests the static site answers, and how. */

/** The SPA's content pages, whose head the server writes; every other page gets index.html as built. */
export const isContentPath = (p: string) =>
  /^\/(?:specs|info\/resources|info\/ad-design-on-[a-z0-9]+)(?:\/|$)/.test(p);

/** The back office's pages (issue 31): always index.html as built, never drawn. */
export const isBackOfficePath = (p: string) => p === '/admin' || p.startsWith('/admin/');

/** Paths that look like files: a request for a missing one gets a 404, never the SPA. */
export const looksLikeFile = (p: string) => /\.[a-z0-9]{1,12}$/i.test(p) || p.startsWith('/assets/');

/** True for paths that belong to a service, with or without their trailing slash (`/api`, `/api/...`). */
export const isServicePath = (path: string, prefixes: readonly string[]) =>
  prefixes.some((p) => path.startsWith(p) || path === p.replace(/\/$/, ''));
